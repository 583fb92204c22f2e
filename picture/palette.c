/*
 * palette.c - the powers' colours: Okabe and Ito's palette for colour-blind
 * readers ("Color Universal Design", Okabe & Ito, 2008), whose eight
 * colours stay apart under protanopia, deuteranopia and tritanopia.  A
 * variant's geo.txt names an entry for each power (pic.h).
 */
#include <assert.h>
#include <string.h>

#include "picture/pic.h"

static const struct {
	const char *name;
	unsigned char r, g, b;
} palette[] = {
	{ "orange", 0xE6, 0x9F, 0x00 },
	{ "skyblue", 0x56, 0xB4, 0xE9 },
	{ "green", 0x00, 0x9E, 0x73 },
	{ "yellow", 0xF0, 0xE4, 0x42 },
	{ "blue", 0x00, 0x72, 0xB2 },
	{ "vermillion", 0xD5, 0x5E, 0x00 },
	{ "purple", 0xCC, 0x79, 0xA7 },
	{ "black", 0x40, 0x40, 0x40 },   /* Okabe-Ito black, lifted to dark grey
	                                    so that a shaded region stays grey */
};

#define NPALETTE ((int)(sizeof palette / sizeof palette[0]))

int pic_palette_find(const char *name)
{
	for (int i = 0; i < NPALETTE; i++)
		if (!strcmp(palette[i].name, name))
			return i;
	return -1;
}

int pic_palette_size(void)
{
	return NPALETTE;
}

const char *pic_palette_name(int i)
{
	assert(i >= 0 && i < NPALETTE);
	return palette[i].name;
}

void pic_palette_rgb(int i, double rgb[3])
{
	assert(i >= 0 && i < NPALETTE);
	rgb[0] = palette[i].r / 255.0;
	rgb[1] = palette[i].g / 255.0;
	rgb[2] = palette[i].b / 255.0;
}
