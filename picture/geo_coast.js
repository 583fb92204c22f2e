#!/usr/bin/env node
/*
 * picture/geo_coast.js - the development-time converter of coastlines
 * into a variant's geo.txt: reads Natural Earth's land polygons as the
 * world-atlas npm package ships them (TopoJSON), keeps what lies in a
 * box of longitudes and latitudes, simplifies it and prints `ring` and
 * `pt` records (variants/FORMAT.md, "Map pictures").  Run once per
 * variant by hand; the Judge never runs it and needs no Node.
 *
 *   npm pack world-atlas && tar xzf world-atlas-*.tgz
 *   node picture/geo_coast.js package/land-50m.json LON0 LON1 LAT0 LAT1 TOL MINSIZE
 *
 * TOL: the Douglas-Peucker tolerance in degrees; MINSIZE: islands whose
 * bounding box is smaller than this many degrees both ways are left out.
 */
'use strict';
const fs = require('fs');
const [file, lon0, lon1, lat0, lat1, tol, minsize] = process.argv.slice(2);
const box = [+lon0, +lon1, +lat0, +lat1];
const topo = JSON.parse(fs.readFileSync(file, 'utf8'));
const tf = topo.transform;

/* The arcs, decoded from TopoJSON's quantised deltas to degrees. */
const arcs = topo.arcs.map(a => {
	let x = 0, y = 0;
	return a.map(([dx, dy]) => {
		x += dx; y += dy;
		return [x * tf.scale[0] + tf.translate[0], y * tf.scale[1] + tf.translate[1]];
	});
});

/* A ring from its arc indices (~i: arc i reversed).  Where it crosses
 * the antimeridian it goes round by the pole instead, outside any view,
 * so that the crossing is not a line across the whole map. */
function ring(ids) {
	const pts = [];
	for (const id of ids) {
		const a = id < 0 ? arcs[~id].slice().reverse() : arcs[id];
		for (let k = pts.length ? 1 : 0; k < a.length; k++) {
			const [x, y] = a[k];
			if (pts.length) {
				const [px, py] = pts[pts.length - 1];
				if (Math.abs(x - px) > 180) {
					const side = px > 0 ? 180 : -180, pole = py + y > 0 ? 90 : -90;
					pts.push([side, py], [side, pole], [-side, pole], [-side, y]);
				}
			}
			pts.push([x, y]);
		}
	}
	return pts;
}

/* Sutherland-Hodgman: the ring clipped to one side of the box. */
function clipSide(pts, inside, cut) {
	const out = [];
	for (let i = 0; i < pts.length; i++) {
		const p = pts[i], q = pts[(i + 1) % pts.length];
		const pin = inside(p), qin = inside(q);
		if (pin) out.push(p);
		if (pin !== qin) out.push(cut(p, q));
	}
	return out;
}

function clip(pts) {
	const m = 0.5;     /* a margin, so that no cut edge shows */
	const [x0, x1, y0, y1] = [box[0] - m, box[1] + m, box[2] - m, box[3] + m];
	const atx = (x) => (p, q) => [x, p[1] + (q[1] - p[1]) * (x - p[0]) / (q[0] - p[0])];
	const aty = (y) => (p, q) => [p[0] + (q[0] - p[0]) * (y - p[1]) / (q[1] - p[1]), y];
	pts = clipSide(pts, p => p[0] >= x0, atx(x0));
	pts = clipSide(pts, p => p[0] <= x1, atx(x1));
	pts = clipSide(pts, p => p[1] >= y0, aty(y0));
	pts = clipSide(pts, p => p[1] <= y1, aty(y1));
	return pts;
}

/* Douglas-Peucker on an open run of points. */
function simplify(pts, eps) {
	if (pts.length < 3) return pts;
	const keep = new Uint8Array(pts.length);
	keep[0] = keep[pts.length - 1] = 1;
	const stack = [[0, pts.length - 1]];
	while (stack.length) {
		const [a, b] = stack.pop();
		const [ax, ay] = pts[a], [bx, by] = pts[b];
		const dx = bx - ax, dy = by - ay, len = Math.hypot(dx, dy);
		let best = -1, far = 0;
		for (let i = a + 1; i < b; i++) {
			const [px, py] = pts[i];
			const d = len ? Math.abs(dy * px - dx * py + bx * ay - by * ax) / len
			              : Math.hypot(px - ax, py - ay);
			if (d > far) { far = d; best = i; }
		}
		if (far > eps) { keep[best] = 1; stack.push([a, best], [best, b]); }
	}
	return pts.filter((_, i) => keep[i]);
}

const geom = topo.objects.land.geometries || [topo.objects.land];
const polys = [];
for (const g of geom) {
	if (g.type === 'Polygon') polys.push(g.arcs);
	else if (g.type === 'MultiPolygon') polys.push(...g.arcs);
}
let nrings = 0, npts = 0;
for (const poly of polys) {
	for (const ids of poly) {
		let pts = ring(ids);
		const xs = pts.map(p => p[0]), ys = pts.map(p => p[1]);
		const w = Math.max(...xs) - Math.min(...xs), h = Math.max(...ys) - Math.min(...ys);
		if (w < +minsize && h < +minsize) continue;
		pts = clip(pts);
		if (pts.length < 3) continue;
		/* split the closed ring in two open runs so both ends stay */
		const half = pts.length >> 1;
		pts = simplify(pts.slice(0, half + 1), +tol).concat(
			simplify(pts.slice(half), +tol).slice(1));
		/* drop repeats, then runs along the box's edge collapse */
		pts = pts.filter((p, i) => i === 0 ||
			Math.round(p[0] * 100) !== Math.round(pts[i - 1][0] * 100) ||
			Math.round(p[1] * 100) !== Math.round(pts[i - 1][1] * 100));
		if (pts.length < 3) continue;
		console.log('ring');
		for (let i = 0; i < pts.length; i += 8) {
			const row = pts.slice(i, i + 8).map(p =>
				`${p[1].toFixed(2)} ${p[0].toFixed(2)}`);
			console.log('pt ' + row.join('  '));
		}
		nrings++; npts += pts.length;
	}
}
console.error(`${nrings} rings, ${npts} points`);
