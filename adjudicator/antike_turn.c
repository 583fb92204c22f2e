/*
 * antike_turn.c - (being written: issue 23)
 */
