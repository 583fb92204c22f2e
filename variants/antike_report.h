/*
 * antike_report.h - (being written: issue 23)
 */
#ifndef ANTIKE_REPORT_H
#define ANTIKE_REPORT_H
#endif
