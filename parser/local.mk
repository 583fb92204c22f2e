## parser/local.mk
