/*
 * antike_state.c - (being written: issue 23)
 */
