/*
 * antike_orders.c - (being written: issue 23)
 */
