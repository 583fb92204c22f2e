/*
 * antike_orders.h - (being written: issue 23)
 */
#ifndef ANTIKE_ORDERS_H
#define ANTIKE_ORDERS_H
#endif
