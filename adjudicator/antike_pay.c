/*
 * antike_pay.c - (being written: issue 23)
 */
