/*
 * antike_maneuver.c - (being written: issue 23)
 */
