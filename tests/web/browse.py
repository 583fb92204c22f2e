#!/usr/bin/env python3
"""browse.py SHOTS SITE... - criterion 4 of issue 28: each site written
by `judge web` opened in Debian's headless Chromium (through its
chromedriver and python3-selenium, both packaged in Debian 12, so that
the browser is driven by the protocol made for it rather than by a
hand-written DevTools client).  For each site: from the index, click a
game, on the game's page click its last phase, then click the phase
pages' rel=prev links back to the first phase, which must be the first
the game's page lists, having passed every phase it lists, in order.
Every page of the site is then loaded at a phone width (390 CSS px) and
a desktop width (1280): every link must lead to a file that loads, every
image must load (naturalWidth > 0), and at the phone width nothing may
make the page scroll sideways (a wide table scrolls inside its box).
Screenshots of the index, a game page and its last phase at both widths
go to SHOTS/<site>-<page>-<width>.png, to be looked at.
One line per fault, exit 1 if any."""
import os
import sys
import urllib.parse

from selenium import webdriver
from selenium.common.exceptions import WebDriverException
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

WIDTHS = {"phone": (390, True), "desktop": (1280, False)}
faults = []


def fault(where, msg):
    faults.append(f"{where}: {msg}")


def browser():
    o = webdriver.ChromeOptions()
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu",
              "--disable-dev-shm-usage", "--allow-file-access-from-files",
              "--hide-scrollbars", "--force-device-scale-factor=1"):
        o.add_argument(a)
    o.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    driver = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")
    d = webdriver.Chrome(service=Service(driver), options=o)
    d.set_page_load_timeout(30)
    return d


def width(d, name, height=900):
    w, mobile = WIDTHS[name]
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": w, "height": height, "deviceScaleFactor": 1, "mobile": mobile})


def here(d):
    return urllib.parse.unquote(urllib.parse.urlsplit(d.current_url).path)


def phase_links(d):
    """The phase pages a game page's list of phases links, in its order
    (NNN.html); the map's caption links the latest phase too, out of
    order."""
    seen = []
    for a in d.find_elements(By.CSS_SELECTOR, "#phases a[href]"):
        href = a.get_attribute("href")
        name = os.path.basename(urllib.parse.urlsplit(href).path)
        if name[:-5].isdigit() and name.endswith(".html") and href not in [h for h, _ in seen]:
            seen.append((href, a))
    return seen


def walk(d, site):
    """Index -> a game -> its last phase -> rel=prev back to its first."""
    d.get("file://" + os.path.join(site, "index.html"))
    games = [a for a in d.find_elements(By.CSS_SELECTOR, "a[href]")
             if a.get_attribute("href").endswith("/index.html")]
    if not games:
        fault(site, "the index links no game page")
        return None
    games[0].click()
    game_page = here(d)
    if os.path.dirname(game_page) == site:
        fault(site, f"the game link led to {game_page}, not a game's page")
        return None
    phases = phase_links(d)
    if not phases:
        fault(game_page, "the game page links no phase page")
        return None
    listed = [urllib.parse.unquote(urllib.parse.urlsplit(h).path) for h, _ in phases]
    phases[-1][1].click()
    last = here(d)
    visited = [last]
    while True:
        prev = d.find_elements(By.CSS_SELECTOR, "a[rel~=prev]")
        if not prev:
            break
        prev[0].click()
        if here(d) in visited:
            fault(here(d), "the prev links go round in a circle")
            break
        visited.append(here(d))
        if len(visited) > len(listed) + 1:
            fault(game_page, "more prev steps than the game lists phases")
            break
    visited.reverse()
    if visited != listed:
        fault(game_page, f"prev links from the last phase passed {[os.path.basename(v) for v in visited]}, "
              f"the game page lists {[os.path.basename(v) for v in listed]}")
    if not d.find_elements(By.CSS_SELECTOR, "a[rel~=next]") and len(listed) > 1:
        fault(visited[0], "the first phase has no rel=next link")
    return game_page, last


def check_page(d, site, path, size):
    d.get("file://" + path)
    if d.execute_script("return document.readyState") != "complete":
        fault(path, "did not finish loading")
    bad = d.execute_script(
        "return [...document.images].filter(i => !i.complete || i.naturalWidth === 0)"
        ".map(i => i.getAttribute('src'))")
    for src in bad:
        fault(path, f"at the {size} width the image {src} did not load")
    if size == "phone":
        over = d.execute_script("return document.documentElement.scrollWidth")
        if over > WIDTHS["phone"][0]:
            wide = d.execute_script(
                "const w = document.documentElement.clientWidth;"
                "return [...document.querySelectorAll('body *')]"
                ".filter(e => e.getBoundingClientRect().right > w + 1 &&"
                "  e.parentElement.getBoundingClientRect().right <= w + 1)"
                ".slice(0, 3).map(e => e.tagName + (e.className ? '.' + e.className : ''))")
            fault(path, f"at 390 px the page is {over} px wide (scrolls sideways): {wide}")
        for src, w in d.execute_script(
                "return [...document.images].map(i => [i.getAttribute('src'), i.getBoundingClientRect().width])"):
            if w > WIDTHS["phone"][0]:
                fault(path, f"at 390 px the image {src} is {w} px wide: not scaled")
    for href in d.execute_script("return [...document.links].map(a => a.href)"):
        u = urllib.parse.urlsplit(href)
        if u.scheme != "file":
            fault(path, f"a link leaves the site: {href}")
            continue
        target = urllib.parse.unquote(u.path)
        if not os.path.isfile(target):
            fault(path, f"the link {href} leads to no file")


def shot(d, path, size, out):
    """The whole page (up to 6000 px tall) at that width."""
    width(d, size)
    d.get("file://" + path)
    height = d.execute_script("return document.documentElement.scrollHeight")
    width(d, size, min(max(height, 600), 6000))
    d.save_screenshot(out)


def main():
    shots, sites = sys.argv[1], sys.argv[2:]
    os.makedirs(shots, exist_ok=True)
    d = browser()
    try:
        for site in sites:
            site = os.path.abspath(site)
            name = os.path.basename(site)
            width(d, "desktop")
            found = walk(d, site)
            pages = sorted(os.path.join(r, f) for r, _, fs in os.walk(site)
                           for f in fs if f.endswith(".html"))
            for size in WIDTHS:
                width(d, size)
                for p in pages:
                    check_page(d, site, p, size)
            print(f"{site}: {len(pages)} pages loaded at {', '.join(WIDTHS)} widths")
            if found:
                game_page, last = found
                for label, p in (("index", os.path.join(site, "index.html")),
                                 ("game", game_page), ("last", last)):
                    for size in WIDTHS:
                        shot(d, p, size, os.path.join(shots, f"{name}-{label}-{size}.png"))
    except WebDriverException as e:
        fault("chromium", str(e).splitlines()[0])
    finally:
        d.quit()
    for f in faults:
        print(f)
    return 1 if faults else 0


if __name__ == "__main__":
    sys.exit(main())
