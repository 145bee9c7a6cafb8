#!/usr/bin/env python3
"""check-svg.py FILE.svg...: each file is well-formed XML with an <svg> root,
and each of its bank maps (<g class="map">) has 32 lane rows (<g
class="lane">) of exactly one cell (<use>) per bank, 32 x 32 in all, each
cell one of the three kinds (#n not touched, #h touched, #x colliding).
Prints, per file, the maps and their counts of touched and colliding cells."""
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"
status = 0
for path in sys.argv[1:]:
    root = ET.parse(path).getroot()
    if root.tag != NS + "svg":
        print(f"{path}: root is {root.tag}, not svg")
        status = 1
        continue
    parts = []
    for m in root.iter(NS + "g"):
        if m.get("class") != "map":
            continue
        lanes = [g for g in m.iter(NS + "g") if g.get("class") == "lane"]
        kinds = {"#n": 0, "#h": 0, "#x": 0}
        for lane in lanes:
            cells = lane.findall(NS + "use")
            xs = sorted(int(c.get("x")) for c in cells)
            if len(cells) != 32 or len(set(xs)) != 32:
                print(f"{path}: map {m.get('id')}: a lane has {len(cells)} cells")
                status = 1
            for c in cells:
                kinds[c.get("href")] += 1
        if len(lanes) != 32 or sum(kinds.values()) != 32 * 32:
            print(f"{path}: map {m.get('id')}: {len(lanes)} lanes, "
                  f"{sum(kinds.values())} cells")
            status = 1
        parts.append(f"{m.get('id')} {len(lanes)}x{sum(kinds.values()) // max(1, len(lanes))} "
                     f"touched {kinds['#h'] + kinds['#x']} colliding {kinds['#x']}")
    print(f"{path.split('/')[-1]}: " + "; ".join(parts))
sys.exit(status)
