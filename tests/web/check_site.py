#!/usr/bin/env python3
"""check_site.py SITE... - the static checks of criterion 3 of issue 28
on sites written by `judge web`: every page valid HTML (Debian's tidy,
no errors, no warning outside ACCEPTED_TIDY), the stylesheet valid CSS
(Debian's python3-cssutils, which knows the properties and values of
CSS 2.1 and the CSS3 modules it profiles), every img with a text
alternative, no script, nothing fetched from elsewhere, every link and
picture resolving to a file of the site, each file under its documented
size (README, "Serving the web site": LIMITS below), and every feed.atom
well-formed Atom with the elements RFC 4287 requires.  One line per
fault on stdout, exit 1 if any; the browser test (browse.py) checks what
only a browser can.  The parsing is the standard library's, so that what
fails is the page and not a lenient parser's guess."""
import html.parser
import os
import re
import subprocess
import sys
import urllib.parse
import xml.etree.ElementTree as ET

# bytes, per kind of file (README states the same figures)
LIMITS = {".html": 100 * 1024, ".css": 20 * 1024, ".atom": 200 * 1024,
          ".png": 1024 * 1024, ".svg": 1024 * 1024}

# tidy warnings that are not faults of an HTML5 page; none so far
ACCEPTED_TIDY = []

EXTERNAL = re.compile(r"^([a-zA-Z][a-zA-Z0-9+.-]*:|//)")
URL_ATTRS = {"href", "src", "srcset", "action", "poster", "data", "cite"}
ATOM = "{http://www.w3.org/2005/Atom}"
RFC3339 = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$")

faults = []


def fault(path, msg):
    faults.append(f"{path}: {msg}")


class Page(html.parser.HTMLParser):
    """What a page links to and holds, gathered in one pass."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.urls = []          # (line, tag, attribute, value)
        self.ids = set()
        self.imgs = []          # (line, alt or None)
        self.scripts = 0
        self.styles = []        # style attribute values and <style> text
        self.in_style = False
        self.handlers = []      # on* attributes: script by another name

    def handle_starttag(self, tag, attrs):
        line = self.getpos()[0]
        a = dict(attrs)
        if "id" in a:
            self.ids.add(a["id"])
        if tag == "a" and "name" in a:
            self.ids.add(a["name"])
        if tag == "script":
            self.scripts += 1
        if tag == "style":
            self.in_style = True
        if tag == "img":
            self.imgs.append((line, a.get("alt")))
        for k, v in attrs:
            if k in URL_ATTRS and v is not None:
                self.urls.append((line, tag, k, v))
            if k == "style" and v:
                self.styles.append(v)
            if k.startswith("on"):
                self.handlers.append((line, k))

    def handle_endtag(self, tag):
        if tag == "style":
            self.in_style = False

    def handle_data(self, data):
        if self.in_style:
            self.styles.append(data)


def tidy(path):
    r = subprocess.run(["tidy", "-q", "-e", "-utf8", "--show-warnings", "yes",
                        "--gnu-emacs", "yes", path],
                       capture_output=True, text=True)
    for line in r.stderr.splitlines():
        if not line.strip():
            continue
        if " Warning: " in line and any(w in line for w in ACCEPTED_TIDY):
            continue
        fault(path, "tidy: " + line.split(path + ":", 1)[-1])
    if r.returncode >= 2 and "Error" not in r.stderr:
        fault(path, f"tidy exited {r.returncode}")


# What cssutils (its profiles stop at CSS 2.1 and a few CSS3 modules of
# 2010) lacks of the CSS that browsers take today, as those modules'
# grammars, so that a stylesheet using them is still checked value by
# value rather than let through: rem, ch, vw and vh (CSS Values and Units
# 3), display: flex and grid (CSS Display 3), flex-wrap (Flexbox 1), gap
# (Box Alignment 3), overflow-wrap (CSS Text 3).  Add a property here
# only with its grammar from its specification.
UNITS = "em|ex|ch|rem|vw|vh|vmin|vmax|px|in|cm|mm|pt|pc|q"
CSS3_MACROS = {
    "length": r"0|{num}(%s)" % UNITS,
    "positivelength": r"0|{positivenum}(%s)" % UNITS,
}
css3_added = False
CSS3_PROPERTIES = {
    "display": r"inline|block|list-item|inline-block|table|inline-table|table-row-group|"
               r"table-header-group|table-footer-group|table-row|table-column-group|"
               r"table-column|table-cell|table-caption|none|flex|inline-flex|grid|"
               r"inline-grid|flow-root|contents|inherit",
    "flex-wrap": r"nowrap|wrap|wrap-reverse|inherit",
    "gap": r"(normal|{length}|{percentage})(\s+(normal|{length}|{percentage}))?|inherit",
    "row-gap": r"normal|{length}|{percentage}|inherit",
    "column-gap": r"normal|{length}|{percentage}|inherit",
    "overflow-wrap": r"normal|break-word|anywhere|inherit",
}


def css(path):
    import logging
    import cssutils
    global css3_added
    if not css3_added:
        cssutils.profile.addProfile("CSS3 since 2010", CSS3_PROPERTIES, CSS3_MACROS)
        css3_added = True

    class Keep(logging.Handler):
        def emit(self, record):
            fault(path, "cssutils: " + record.getMessage())
    log = logging.getLogger("CSSUTILS")
    log.handlers[:] = [Keep()]
    log.setLevel(logging.WARNING)
    log.propagate = False
    cssutils.log.setLog(log)
    cssutils.log.raiseExceptions = False
    # an @import is reported below, never followed: the test fetches nothing
    parser = cssutils.CSSParser(fetcher=lambda url: (None, ""), validate=True)
    sheet = parser.parseFile(path)
    for rule in sheet.cssRules:
        text = rule.cssText if hasattr(rule, "cssText") else ""
        if "@import" in text or re.search(r"url\(\s*['\"]?([a-zA-Z][a-zA-Z0-9+.-]*:|//)", text):
            fault(path, "fetches from elsewhere: " + text[:80])


def resolve(site, page, url):
    """The file a relative URL names, or None if it leaves the site."""
    target = urllib.parse.unquote(urllib.parse.urlsplit(url).path)
    if not target:
        return page
    full = os.path.normpath(os.path.join(os.path.dirname(page), target))
    if os.path.isdir(full):
        full = os.path.join(full, "index.html")
    if os.path.commonpath([full, site]) != site:
        return None
    return full


def check_page(site, path, pages):
    with open(path, encoding="utf-8") as f:
        text = f.read()
    p = Page()
    p.feed(text)
    p.close()
    pages[path] = p
    head = text.lstrip()[:15].lower()
    if head != "<!doctype html>":
        fault(path, "does not begin with <!DOCTYPE html>")
    if 'name="viewport"' not in text:
        fault(path, "no viewport meta element: a phone shows it zoomed out")
    if p.scripts:
        fault(path, f"{p.scripts} script element(s)")
    for line, attr in p.handlers:
        fault(path, f"line {line}: event handler attribute {attr}")
    for line, alt in p.imgs:
        if alt is None or not alt.strip():
            fault(path, f"line {line}: img without a text alternative (alt)")
    # an item that heads a list is a whole line of the report ("Round 1:",
    # "... Sparta."), never one the report wrapped: its wrapped rest made
    # a child of it read "by land: Sparta - Tegea -" / "Mantinea - ..."
    for m in re.finditer(r"<li>([^<]*)<ul>", text):
        head_text = m.group(1).rstrip()
        if head_text and head_text[-1] not in ".:)!?":
            fault(path, f"a list item broken in two: ...{head_text[-50:]}")
    # a table's caption stands above it: the colon a text line ends
    # with to head what follows is not its (judge/web_report.c)
    for m in re.finditer(r"<caption>(.*?)</caption>", text, re.S):
        if m.group(1).rstrip().endswith(":"):
            fault(path, f"caption ends with a colon: {m.group(1)[:60]}")
    for style in p.styles:
        if re.search(r"url\(\s*['\"]?([a-zA-Z][a-zA-Z0-9+.-]*:|//)|@import", style):
            fault(path, "style fetches from elsewhere: " + style[:80])
    tidy(path)


def check_links(site, pages):
    for path, p in pages.items():
        for line, tag, attr, url in p.urls:
            values = [u.strip().split()[0] for u in url.split(",")] if attr == "srcset" else [url]
            for u in values:
                if EXTERNAL.match(u):
                    fault(path, f"line {line}: <{tag} {attr}> leaves the site: {u}")
                    continue
                target = resolve(site, path, u)
                if target is None:
                    fault(path, f"line {line}: {u} leads out of the site")
                elif not os.path.isfile(target):
                    fault(path, f"line {line}: {u}: no such file")
                else:
                    frag = urllib.parse.urlsplit(u).fragment
                    if frag and target in pages and frag not in pages[target].ids:
                        fault(path, f"line {line}: {u}: no id {frag} there")


def text_of(el, tag):
    child = el.find(ATOM + tag)
    return None if child is None else (child.text or "").strip()


def check_feed(site, path):
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as e:
        fault(path, f"not well-formed XML: {e}")
        return
    if root.tag != ATOM + "feed":
        fault(path, f"root element is {root.tag}, not atom:feed")
        return
    for tag in ("id", "title", "updated"):
        if not text_of(root, tag):
            fault(path, f"feed without atom:{tag}")
    entries = root.findall(ATOM + "entry")
    if not entries:
        fault(path, "feed without entries")
    if root.find(ATOM + "author") is None and any(e.find(ATOM + "author") is None for e in entries):
        fault(path, "neither the feed nor every entry has an atom:author")
    for el in [root] + entries:
        u = text_of(el, "updated")
        if u and not RFC3339.match(u):
            fault(path, f"atom:updated {u!r} is not an RFC 3339 date")
    ids = set()
    for n, e in enumerate(entries, 1):
        for tag in ("id", "title", "updated"):
            if not text_of(e, tag):
                fault(path, f"entry {n} without atom:{tag}")
        eid = text_of(e, "id")
        if eid in ids:
            fault(path, f"entry {n}: atom:id {eid} repeated")
        ids.add(eid)
        if eid and not EXTERNAL.match(eid):
            fault(path, f"entry {n}: atom:id {eid} is not an absolute IRI")
        links = e.findall(ATOM + "link")
        alternates = [l for l in links if l.get("rel", "alternate") == "alternate"]
        if e.find(ATOM + "content") is None and not alternates:
            fault(path, f"entry {n} has neither atom:content nor an alternate link")
        for l in links:
            href = l.get("href", "")
            if not href:
                fault(path, f"entry {n}: link without href")
            elif not EXTERNAL.match(href):
                target = resolve(site, path, href)
                if target is None or not os.path.isfile(target):
                    fault(path, f"entry {n}: link {href}: no such file")
    fid = text_of(root, "id")
    if fid and not EXTERNAL.match(fid):
        fault(path, f"atom:id {fid} is not an absolute IRI")


def check_site(site):
    site = os.path.abspath(site)
    if not os.path.isfile(os.path.join(site, "index.html")):
        fault(site, "no index.html")
    if not os.path.isfile(os.path.join(site, "style.css")):
        fault(site, "no style.css")
    pages = {}
    feeds = 0
    for d, _, files in os.walk(site):
        for name in sorted(files):
            path = os.path.join(d, name)
            ext = os.path.splitext(name)[1]
            size = os.path.getsize(path)
            if ext in LIMITS and size > LIMITS[ext]:
                fault(path, f"{size} bytes, over the {LIMITS[ext]} documented for {ext}")
            if ext == ".html":
                check_page(site, path, pages)
            elif ext == ".css":
                css(path)
            elif ext == ".atom":
                check_feed(site, path)
                feeds += 1
            elif ext not in LIMITS:
                fault(path, "a file of a kind the site should not hold")
    games = [d for d in os.listdir(site) if os.path.isdir(os.path.join(site, d))]
    for g in games:
        if not os.path.isfile(os.path.join(site, g, "feed.atom")):
            fault(os.path.join(site, g), "no feed.atom")
    check_links(site, pages)
    return len(pages), feeds


def main():
    for site in sys.argv[1:]:
        n, feeds = check_site(site)
        print(f"{site}: {n} pages, {feeds} feeds")
    for f in faults:
        print(f)
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
