/*
 * antike_economy.c - (being written: issue 23)
 */
