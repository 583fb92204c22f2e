/*
 * antike_report.c - (being written: issue 23)
 */
