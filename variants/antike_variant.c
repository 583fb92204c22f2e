/*
 * antike_variant.c - (being written: issue 23)
 */
