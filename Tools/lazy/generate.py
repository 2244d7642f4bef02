#!/usr/bin/env python3
"""Writes the wrappers that load the reader's C libraries on first use.

For every function the reader calls in a library, a C definition with the function's own
name and the type its header declares (clang's AST gives it) that opens the library with
dlopen on the first call (Sources/CLazyLoad). The soname and the Debian package come from
this machine (readelf on the -dev symlink, dpkg -S). Run after adding a call to a new
function of one of these libraries; the build then fails with "undefined symbol" until the
function is listed here, and a changed declaration fails to compile against the header.

    python3 Tools/lazy/generate.py        # rewrites Sources/Lazy*/ and CICUBreak/icu_lazy.c
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
CLANG = os.environ.get("CLANG", "clang")
LIBDIR = "/usr/lib/x86_64-linux-gnu"

# target folder → [(file stem, library variable, -dev link name, pkg-config name, purpose,
#                   header preamble, [functions])]
LIBRARIES = {
    "LazyBookLibraries": [
        ("libxml2", "lazy_libxml2", "libxml2.so", "libxml-2.0", "EPUB, FB2 and HTML books",
         "#include <libxml/xmlversion.h>\n#undef LIBXML_ICU_ENABLED\n#include <libxml/parser.h>\n"
         "#include <libxml/HTMLparser.h>\n#include <libxml/tree.h>\n#include <libxml/xmlerror.h>\n"
         "#include <libxml/globals.h>\n",
         ["htmlCreateMemoryParserCtxt", "htmlCtxtUseOptions", "htmlEntityLookup", "htmlFreeParserCtxt",
          "htmlParseDocument", "htmlReadMemory", "xmlByteConsumed", "xmlCreateIOParserCtxt",
          "xmlCtxtReadMemory", "xmlCtxtUseOptions", "xmlDocGetRootElement", "xmlFreeDoc",
          "xmlFreeParserCtxt", "xmlInitParser", "xmlNewParserCtxt", "xmlParseDocument",
          "xmlSetGenericErrorFunc", "xmlSetStructuredErrorFunc", "xmlStopParser", "xmlStrEqual",
          "xmlStrcasecmp", "xmlStrlen", "xmlThrDefSetGenericErrorFunc", "xmlThrDefSetStructuredErrorFunc"]),
        ("libzip", "lazy_libzip", "libzip.so", "libzip", "EPUB archives",
         "#include <zip.h>\n",
         ["zip_discard", "zip_error_code_zip", "zip_error_fini", "zip_error_init_with_code",
          "zip_error_strerror", "zip_fclose", "zip_file_get_error", "zip_fopen_index", "zip_fread",
          "zip_get_error", "zip_get_num_entries", "zip_open", "zip_stat_index", "zip_stat_init"]),
        ("libmobi", "lazy_libmobi", "libmobi.so", "libmobi", "MOBI and AZW3 books",
         "#include <mobi.h>\n",
         ["mobi_decode_exthvalue", "mobi_free", "mobi_free_rawml", "mobi_get_exthrecord_by_tag",
          "mobi_get_filemeta_by_type", "mobi_get_first_resource_record", "mobi_get_rawml",
          "mobi_get_record_by_seqnumber", "mobi_get_resource_by_uid", "mobi_get_text_maxsize",
          "mobi_init", "mobi_init_rawml", "mobi_is_encrypted", "mobi_is_hybrid", "mobi_is_kf8",
          "mobi_is_mobipocket", "mobi_is_replica", "mobi_load_file", "mobi_meta_get_author",
          "mobi_meta_get_language", "mobi_meta_get_title", "mobi_parse_rawml_opt"]),
        ("cmark", "lazy_libcmark", "libcmark-gfm.so", "libcmark-gfm", "Markdown books",
         "#include <stdlib.h>\n#include <cmark-gfm.h>\n#include <cmark-gfm-extension_api.h>\n",
         ["cmark_find_syntax_extension", "cmark_node_free", "cmark_parser_attach_syntax_extension",
          "cmark_parser_feed", "cmark_parser_finish", "cmark_parser_free",
          "cmark_parser_get_syntax_extensions", "cmark_parser_new", "cmark_render_html"]),
        ("cmark_extensions", "lazy_libcmark_extensions", "libcmark-gfm-extensions.so", "libcmark-gfm",
         "Markdown tables", "#include <cmark-gfm-core-extensions.h>\n",
         ["cmark_gfm_core_extensions_ensure_registered"]),
    ],
    "LazyImageLibraries": [
        ("turbojpeg", "lazy_libturbojpeg", "libturbojpeg.so", "libturbojpeg", "JPEG pictures",
         "#include <turbojpeg.h>\n",
         ["tjDecompress2", "tjDecompressHeader3", "tjDestroy", "tjGetErrorCode", "tjGetErrorStr2",
          "tjGetScalingFactors", "tjInitDecompress"]),
        ("png", "lazy_libpng", "libpng16.so", "libpng", "PNG pictures",
         "#include <png.h>\n",
         ["png_image_begin_read_from_memory", "png_image_finish_read", "png_image_free",
          "png_image_write_to_memory"]),
        ("webp", "lazy_libwebp", "libwebp.so", "libwebp", "WebP pictures",
         "#include <webp/decode.h>\n",
         ["WebPDecode", "WebPFreeDecBuffer", "WebPGetFeaturesInternal", "WebPInitDecoderConfigInternal"]),
        ("webpdemux", "lazy_libwebpdemux", "libwebpdemux.so", "libwebpdemux", "animated WebP pictures",
         "#include <webp/demux.h>\n",
         ["WebPAnimDecoderDelete", "WebPAnimDecoderGetInfo", "WebPAnimDecoderGetNext",
          "WebPAnimDecoderNewInternal", "WebPAnimDecoderOptionsInitInternal"]),
        ("gif", "lazy_libgif", "libgif.so", "libgif", "GIF pictures",
         "#include <gif_lib.h>\n",
         ["DGifCloseFile", "DGifGetExtension", "DGifGetExtensionNext", "DGifGetImageDesc", "DGifGetLine",
          "DGifGetRecordType", "DGifOpen", "GifErrorString"]),
    ],
    "LazyChafa": [
        ("chafa", "lazy_libchafa", "libchafa.so", "chafa", "pictures drawn as symbols",
         "#include <chafa.h>\n",
         ["chafa_canvas_config_new", "chafa_canvas_config_set_canvas_mode", "chafa_canvas_config_set_geometry",
          "chafa_canvas_config_set_pixel_mode", "chafa_canvas_config_set_symbol_map",
          "chafa_canvas_config_unref", "chafa_canvas_draw_all_pixels", "chafa_canvas_get_char_at",
          "chafa_canvas_get_raw_colors_at", "chafa_canvas_new", "chafa_canvas_unref",
          "chafa_set_n_threads", "chafa_symbol_map_add_by_tags", "chafa_symbol_map_new", "chafa_symbol_map_unref"]),
    ],
    "LazyHyphen": [
        ("hyphen", "lazy_libhyphen", "libhyphen.so", None, "hyphenation",
         "#include <stdio.h>\n#include <hyphen.h>\n",
         ["hnj_hyphen_free", "hnj_hyphen_hyphenate2", "hnj_hyphen_load_file"]),
    ],
    "CICUBreak": [
        ("icu_lazy", "lazy_libicuuc", "libicuuc.so", "icu-uc", "Thai, Lao, Khmer and Burmese line breaks",
         "#include <unicode/ubrk.h>\n#include <unicode/utext.h>\n#include <unicode/uversion.h>\n",
         ["u_getVersion", "u_versionToString", "ubrk_close", "ubrk_next", "ubrk_open", "ubrk_setUText",
          "utext_close", "utext_openUTF8"]),
    ],
}


def run(*args):
    return subprocess.run(args, check=True, capture_output=True, text=True).stdout


def soname_and_package(link):
    path = os.path.join(LIBDIR, link)
    soname = next(line.split("[")[1].split("]")[0] for line in run("readelf", "-d", path).splitlines()
                  if "(SONAME)" in line)
    package = run("dpkg", "-S", os.path.realpath(path)).split(":")[0]
    return soname, package


def declarations(preamble, names, cflags):
    """name → (return type, [parameter types], variadic) from clang's AST of the preamble."""
    source = preamble + "".join(f"static const void *lazy_probe_{i} = (const void *)&{n};\n"
                                for i, n in enumerate(names))
    ast = subprocess.run([CLANG, *cflags, "-x", "c", "-fsyntax-only", "-Xclang", "-ast-dump=json", "-"],
                         input=source, capture_output=True, text=True, check=True).stdout
    found = {}
    wanted = set(names)

    def walk(node):
        if node.get("kind") == "FunctionDecl" and node.get("name") in expanded and "type" in node:
            params = [p["type"]["qualType"] for p in node.get("inner", []) if p.get("kind") == "ParmVarDecl"]
            found.setdefault(expanded[node["name"]], (node["type"]["qualType"], params, node.get("variadic", False)))
        for child in node.get("inner", []):
            walk(child)

    expanded = {expand(n, preamble, cflags): n for n in wanted}
    walk(json.loads(ast))
    missing = wanted - set(found)
    if missing:
        sys.exit(f"generate.py: no declaration of {sorted(missing)}")
    return found


def expand(name, preamble, cflags):
    """The name after macros (ICU's ubrk_open → ubrk_open_72)."""
    out = subprocess.run([CLANG, *cflags, "-x", "c", "-E", "-P", "-"], input=preamble + f"\nLAZY_NAME {name}\n",
                         capture_output=True, text=True, check=True).stdout
    return next(l for l in out.splitlines() if l.startswith("LAZY_NAME")).split()[1]


def declarator(ctype, name):
    """`ctype` declaring `name` (function pointers and arrays take the name inside)."""
    if "(*)" in ctype:
        return ctype.replace("(*)", f"(*{name})", 1)
    if "[" in ctype:
        i = ctype.index("[")
        return f"{ctype[:i].rstrip()} {name}{ctype[i:]}"
    return f"{ctype} {name}" if ctype.endswith("*") is False else f"{ctype}{name}"


def wrapper(variable, name, qual_type, params, variadic):
    if variadic:
        sys.exit(f"generate.py: {name} is variadic; it cannot be forwarded")
    if params:
        ret = qual_type[: qual_type.rindex("(")].rstrip()
        plist = ", ".join(declarator(t, f"a{i}") for i, t in enumerate(params))
    else:
        ret, plist = qual_type[: qual_type.rindex("(")].rstrip(), "void"
    args = ", ".join(f"a{i}" for i in range(len(params)))
    if ret == "void":
        return f"LAZY_VOID_FUNCTION({variable}, {name}, ({plist}), ({args}))\n"
    return f"LAZY_FUNCTION({variable}, {ret}, {name}, ({plist}), ({args}))\n"


def main():
    for target, libraries in LIBRARIES.items():
        folder = os.path.join(ROOT, "Sources", target)
        header_lines = []
        for stem, variable, link, pkg, purpose, preamble, names in libraries:
            cflags = run("pkg-config", "--cflags", pkg).split() if pkg else []
            soname, package = soname_and_package(link)
            decls = declarations(preamble, names, cflags)
            body = [f"/* Generated by Tools/lazy/generate.py: {soname} ({package}) loaded on first use. */\n",
                    '#include "lazy_load.h"\n', preamble, "\n",
                    f'lazy_library {variable} = {{ "{soname}", "{package}", "{purpose}", NULL }};\n\n']
            body += [wrapper(variable, n, *decls[n]) for n in names]
            with open(os.path.join(folder, stem + ".c"), "w") as f:
                f.write("".join(body))
            header_lines.append(f"/** {soname}: {purpose}. */\nextern lazy_library {variable};\n")
        if target != "CICUBreak":
            os.makedirs(os.path.join(folder, "include"), exist_ok=True)
            guard = "READER_" + target.upper() + "_H"
            with open(os.path.join(folder, "include", target + ".h"), "w") as f:
                f.write(f"/* Generated by Tools/lazy/generate.py. */\n#ifndef {guard}\n#define {guard}\n"
                        f'#include "lazy_load.h"\n\n' + "".join(header_lines) + "\n#endif\n")


if __name__ == "__main__":
    main()
