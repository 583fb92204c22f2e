## judge/local.mk - the judge program
bin_PROGRAMS += judge/judge
judge_judge_SOURCES = judge/main.c
