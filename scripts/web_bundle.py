#!/usr/bin/env python3
"""web_bundle.py: turns web/ (index.html, viewer.css, ES modules under js/) into ONE html template
and writes it as a C file, so `arena view` can write a self-contained page from any directory.

Usage: scripts/web_bundle.py WEB_DIR OUT.c [--html OUT.html]

The modules are plain ES modules (they run as they are from a web server). A page opened from disk
(file://) cannot import modules, so this script joins them into one <script type="module">: each
module becomes a function whose imports read the exports of the modules before it. It accepts only
the import/export forms the viewer uses (listed in IMPORT_RES / EXPORT_RES below) and fails loudly
on anything else. The template keeps three markers that page.c fills in: @@TITLE@@,
@@NAME@@ (the replay's file name) and @@REPLAY@@ (the replay, zlib-compressed, base64).
"""
import os
import re
import sys

IMPORT_NAMED = re.compile(r"^import\s*\{([^}]*)\}\s*from\s*'([^']+)';\s*$")
IMPORT_DEFAULT = re.compile(r"^import\s+([A-Za-z_$][\w$]*)\s+from\s*'([^']+)';\s*$")
IMPORT_STAR = re.compile(r"^import\s+\*\s+as\s+([A-Za-z_$][\w$]*)\s+from\s*'([^']+)';\s*$")
REEXPORT_DEFAULT = re.compile(r"^export\s*\{\s*default\s+as\s+([A-Za-z_$][\w$]*)\s*\}\s*from\s*'([^']+)';\s*$")
EXPORT_DECL = re.compile(r"^export\s+((?:async\s+)?function\*?|class|const|let)\s+([A-Za-z_$][\w$]*)")
EXPORT_DEFAULT = re.compile(r"^export\s+default\s+")


def fail(msg):
    sys.stderr.write(f"web_bundle: {msg}\n")
    sys.exit(1)


def resolve(frm, spec):
    if not spec.startswith('./') and not spec.startswith('../'):
        fail(f"{frm}: only relative imports are supported, not '{spec}'")
    return os.path.normpath(os.path.join(os.path.dirname(frm), spec)).replace(os.sep, '/')


def transform(web, rel):
    """Returns (deps, code) for one module."""
    path = os.path.join(web, rel)
    try:
        src = open(path, encoding='utf-8').read()
    except OSError as e:
        fail(f"cannot read {path}: {e}")
    deps, out, exports = [], [], []
    for n, line in enumerate(src.split('\n'), 1):
        where = f"{rel}:{n}"
        m = IMPORT_NAMED.match(line)
        if m:
            dep = resolve(rel, m.group(2))
            deps.append(dep)
            names = []
            for part in m.group(1).split(','):
                part = part.strip()
                if not part:
                    continue
                pm = re.fullmatch(r"([\w$]+)(?:\s+as\s+([\w$]+))?", part)
                if not pm:
                    fail(f"{where}: cannot read import '{part}'")
                names.append(pm.group(1) if not pm.group(2) else f"{pm.group(1)}: {pm.group(2)}")
            out.append(f"const {{ {', '.join(names)} }} = __m['{dep}'];")
            continue
        m = IMPORT_DEFAULT.match(line)
        if m:
            dep = resolve(rel, m.group(2))
            deps.append(dep)
            out.append(f"const {m.group(1)} = __m['{dep}'].default;")
            continue
        m = IMPORT_STAR.match(line)
        if m:
            dep = resolve(rel, m.group(2))
            deps.append(dep)
            out.append(f"const {m.group(1)} = __m['{dep}'];")
            continue
        m = REEXPORT_DEFAULT.match(line)
        if m:
            dep = resolve(rel, m.group(2))
            deps.append(dep)
            out.append(f"const {m.group(1)} = __m['{dep}'].default;")
            exports.append(m.group(1))
            continue
        m = EXPORT_DECL.match(line)
        if m:
            exports.append(m.group(2))
            out.append(line[len('export '):].lstrip())
            continue
        if EXPORT_DEFAULT.match(line):
            exports.append('default: __default')
            out.append(EXPORT_DEFAULT.sub('const __default = ', line))
            continue
        if re.match(r"^\s*(import|export)\b", line):
            fail(f"{where}: unsupported import/export form: {line.strip()}")
        out.append(line)
    code = f"__m['{rel}'] = (() => {{\n" + '\n'.join(out) + f"\nreturn {{ {', '.join(exports)} }};\n}})();\n"
    return deps, code


def bundle(web, entry):
    mods, order, state = {}, [], {}

    def visit(rel, chain):
        if state.get(rel) == 'done':
            return
        if state.get(rel) == 'open':
            fail('import cycle: ' + ' -> '.join(chain + [rel]))
        state[rel] = 'open'
        deps, code = transform(web, rel)
        mods[rel] = code
        for d in deps:
            visit(d, chain + [rel])
        state[rel] = 'done'
        order.append(rel)

    visit(entry, [])
    return "'use strict';\nconst __m = Object.create(null);\n" + ''.join(mods[r] for r in order)


def main(argv):
    if len(argv) < 3:
        fail('usage: web_bundle.py WEB_DIR OUT.c [--html OUT.html]')
    web, out_c = argv[1], argv[2]
    html_out = argv[argv.index('--html') + 1] if '--html' in argv else None
    page = open(os.path.join(web, 'index.html'), encoding='utf-8').read()
    css = open(os.path.join(web, 'viewer.css'), encoding='utf-8').read()
    js = bundle(web, 'js/main.js')
    for what, text in (('viewer.css', css), ('the modules', js)):
        if re.search(r'</script|<!--', text, re.I):
            fail(f"{what} contain '</script' or '<!--', which would end the inline element")
        if '@@' in text:
            fail(f"{what} contain '@@', which the template reserves for its markers")
    link = '<link rel="stylesheet" href="viewer.css">'
    script = '<script type="module" src="js/main.js"></script>'
    if link not in page or script not in page or '@@TITLE@@' not in page:
        fail('index.html must hold the stylesheet link, the main.js script tag and @@TITLE@@')
    page = page.replace(link, '<style>\n' + css + '</style>')
    page = page.replace(script, '<script id="arena-replay" type="application/octet-stream" '
                        'data-encoding="zlib-base64" data-name="@@NAME@@">@@REPLAY@@</script>\n'
                        '<script type="module">\n' + js + '</script>')
    data = page.encode('utf-8')
    if html_out:
        open(html_out, 'wb').write(data)
    lines = ['/* Generated by scripts/web_bundle.py from web/: do not edit. */',
             '#include <stddef.h>',
             f'const size_t web_page_template_len = {len(data)};',
             'const unsigned char web_page_template[] = {']
    for i in range(0, len(data), 24):
        lines.append(','.join(str(b) for b in data[i:i + 24]) + ',')
    lines.append('0};')
    tmp = out_c + '.tmp'
    with open(tmp, 'w') as f:
        f.write('\n'.join(lines) + '\n')
    os.replace(tmp, out_c)


if __name__ == '__main__':
    main(sys.argv)
