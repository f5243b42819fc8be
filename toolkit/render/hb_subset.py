"""Font subsetting with HarfBuzz (libharfbuzz-subset, which WeasyPrint uses too) through
cffi: the same subset WeasyPrint embeds (glyph ids kept, layout tables dropped, no hinting,
CFF desubroutinised), in milliseconds where fontTools takes a second for a CJK font.
`subset` returns None when the libraries are missing; callers then use fontTools."""

from __future__ import annotations

from functools import lru_cache

CDEF = """
typedef struct hb_blob_t hb_blob_t; typedef struct hb_face_t hb_face_t;
typedef struct hb_set_t hb_set_t; typedef struct hb_subset_input_t hb_subset_input_t;
typedef uint32_t hb_tag_t;
hb_blob_t *hb_blob_create(const char *data, unsigned int length, int mode, void *user_data,
                          void *destroy);
void hb_blob_destroy(hb_blob_t *blob);
const char *hb_blob_get_data(hb_blob_t *blob, unsigned int *length);
hb_face_t *hb_face_create(hb_blob_t *blob, unsigned int index);
void hb_face_destroy(hb_face_t *face);
hb_blob_t *hb_face_reference_blob(hb_face_t *face);
void hb_set_add(hb_set_t *set, uint32_t codepoint);
hb_tag_t hb_tag_from_string(const char *str, int len);
hb_subset_input_t *hb_subset_input_create_or_fail(void);
void hb_subset_input_destroy(hb_subset_input_t *input);
hb_set_t *hb_subset_input_glyph_set(hb_subset_input_t *input);
hb_set_t *hb_subset_input_set(hb_subset_input_t *input, int set_type);
void hb_subset_input_set_flags(hb_subset_input_t *input, unsigned int value);
hb_face_t *hb_subset_or_fail(hb_face_t *source, const hb_subset_input_t *input);
"""
MEMORY_MODE_READONLY = 1
SETS_DROP_TABLE_TAG = 3
FLAGS = 0x01 | 0x02 | 0x04 | 0x20 | 0x40  # no hinting, retain gids, desubroutinize,
# pass unknown tables through, keep the .notdef outline
DROP = (b"BASE", b"DSIG", b"EBDT", b"EBLC", b"EBSC", b"GPOS", b"GSUB", b"JSTF", b"LTSH",
        b"PCLT", b"SVG ")


@lru_cache(maxsize=1)
def _libraries():
    try:
        from cffi import FFI
        ffi = FFI()
        ffi.cdef(CDEF)
        for core, sub in (("libharfbuzz.so.0", "libharfbuzz-subset.so.0"),
                          ("libharfbuzz.0.dylib", "libharfbuzz-subset.0.dylib"),
                          ("libharfbuzz-0.dll", "libharfbuzz-subset-0.dll")):
            try:
                return ffi, ffi.dlopen(core), ffi.dlopen(sub)
            except OSError:
                continue
    except Exception:  # no cffi, or a HarfBuzz without these functions
        return None
    return None


def subset(data: bytes, index: int, gids) -> bytes | None:
    """The glyphs `gids` of the font `data` (face `index`), ids kept; None if HarfBuzz's
    subsetter is not available or fails. A second pass drops the empty glyphs after the
    last one used (as WeasyPrint does)."""
    gids = set(gids) | {0}
    first = _subset(data, index, gids, FLAGS)
    return first and _subset(first, 0, range(max(gids) + 1), FLAGS & ~0x02)


def _subset(data: bytes, index: int, gids, flags: int) -> bytes | None:
    libs = _libraries()
    if libs is None:
        return None
    ffi, hb, hbs = libs
    buffer = ffi.from_buffer(data)
    blob = hb.hb_blob_create(buffer, len(data), MEMORY_MODE_READONLY, ffi.NULL, ffi.NULL)
    face = hb.hb_face_create(blob, index)
    hb.hb_blob_destroy(blob)
    request = hbs.hb_subset_input_create_or_fail()
    try:
        if request == ffi.NULL:
            return None
        glyphs = hbs.hb_subset_input_glyph_set(request)
        for gid in gids:
            hb.hb_set_add(glyphs, gid)
        drop = hbs.hb_subset_input_set(request, SETS_DROP_TABLE_TAG)
        for tag in DROP:
            hb.hb_set_add(drop, hb.hb_tag_from_string(tag, 4))
        hbs.hb_subset_input_set_flags(request, flags)
        result = hbs.hb_subset_or_fail(face, request)
        if result == ffi.NULL:
            return None
        out_blob = hb.hb_face_reference_blob(result)
        length = ffi.new("unsigned int *")
        pointer = hb.hb_blob_get_data(out_blob, length)
        out = bytes(ffi.buffer(pointer, length[0])) if length[0] else None
        hb.hb_blob_destroy(out_blob)
        hb.hb_face_destroy(result)
        return out
    finally:
        if request != ffi.NULL:
            hbs.hb_subset_input_destroy(request)
        hb.hb_face_destroy(face)
