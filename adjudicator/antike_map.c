/*
 * antike_map.c - (being written: issue 23)
 */
