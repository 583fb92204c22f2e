## judge/local.mk - the judge program
bin_PROGRAMS += judge/judge
judge_judge_SOURCES = judge/main.c judge/commands.h judge/cases.c
judge_judge_LDADD = variants/libvariants.a parser/libparser.a \
	adjudicator/libadjudicator.a $(PCRE2_LIBS)
