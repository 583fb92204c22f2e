/*
 * antike_picture.c - (being written: issue 23)
 */
