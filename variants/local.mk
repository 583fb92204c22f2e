## variants/local.mk
