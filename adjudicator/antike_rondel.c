/*
 * antike_rondel.c - (being written: issue 23)
 */
