/*
 * antike_check.h - (being written: issue 23)
 */
#ifndef ANTIKE_CHECK_H
#define ANTIKE_CHECK_H
#endif
