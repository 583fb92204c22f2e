/*
 * antike_status.c - (being written: issue 23)
 */
