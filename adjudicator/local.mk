## adjudicator/local.mk
