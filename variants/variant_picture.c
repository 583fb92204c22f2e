/*
 * variant_picture.c - the front layer's map pictures: the title and the
 * policy every family shares (which phase a picture is titled with), the
 * family's scene (variant_ops.picture), and the drawing (picture/).
 */
#include <stdio.h>
#include <stdlib.h>

#include "picture/pic.h"
#include "variants/variant.h"

int variant_has_picture(const struct variant *v)
{
	return v->ops->picture && (variant_geo(v) || v->geo);
}

int variant_picture(const struct vstate *before, const struct order_set *orders, int norders,
                    const struct order_set *standing, int nstanding,
                    const struct variant_chance *chance,
                    const struct vstate *after, int format, struct strbuf *out)
{
	const struct variant *v = after->v;
	struct pic_scene *s;
	int rc;

	if (!v->ops->picture)
		return fail("the %s variant has no map pictures", v->name);
	if (variant_geo(v))
		return -1;
	if (!v->geo)
		return fail("the %s variant has no map pictures", v->name);
	pic_geo_prepare(v->geo);
	s = xmalloc(sizeof *s);
	pic_scene_init(s);
	if (before) {
		snprintf(s->title, sizeof s->title, "%s", before->phase.name);
		snprintf(s->subtitle, sizeof s->subtitle, "%s: results", v->name);
	} else {
		snprintf(s->title, sizeof s->title, "%s", after->phase.over ? "Game over" : after->phase.name);
		snprintf(s->subtitle, sizeof s->subtitle, "%s: position", v->name);
	}
	v->ops->picture(v, before ? before->pos : NULL, orders, norders, standing, nstanding,
	                before ? chance : NULL, after->pos, s);
	rc = pic_draw(v->geo, s, format, out);
	free(s);
	return rc;
}
