# web.mk: the web viewer (web/) built into libarena as one HTML template, so `arena view` works from
# any directory. scripts/web_bundle.py joins the modules; the result is a generated C file.
WEB_SRCS = web/index.html web/viewer.css $(sort $(wildcard web/js/*.js web/js/games/*.js))
WEB_GEN = $(BUILD)/gen/web_assets.c
WEB_OBJ = $(BUILD)/obj/gen/web_assets.o

$(WEB_GEN): $(WEB_SRCS) scripts/web_bundle.py | deps
	@mkdir -p $(dir $@)
	python3 scripts/web_bundle.py web $@

$(WEB_OBJ): $(WEB_GEN)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

# An extra prerequisite of the library: its `ar rcs $@ $^` picks the object up.
$(LIBARENA): $(WEB_OBJ)

# The competition server's pages (web/site/) and the viewer's files, served by `arena serve`
# (scripts/site_bundle.py: one C table of files).
SITE_SRCS = $(shell find web/site -type f 2>/dev/null | sort) web/index.html web/viewer.css $(sort $(wildcard web/js/*.js web/js/games/*.js))
SITE_GEN = $(BUILD)/gen/site_assets.c
SITE_OBJ = $(BUILD)/obj/gen/site_assets.o

$(SITE_GEN): $(SITE_SRCS) scripts/site_bundle.py | deps
	@mkdir -p $(dir $@)
	python3 scripts/site_bundle.py web $@

$(SITE_OBJ): $(SITE_GEN)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

$(LIBARENA): $(SITE_OBJ)
