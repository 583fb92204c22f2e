/*
 * antike_check.c - (being written: issue 23)
 */
