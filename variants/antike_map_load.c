/*
 * antike_map_load.c - (being written: issue 23)
 */
