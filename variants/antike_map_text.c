/*
 * antike_map_text.c - (being written: issue 23)
 */
