/*
 * antike_personages.c - (being written: issue 23)
 */
