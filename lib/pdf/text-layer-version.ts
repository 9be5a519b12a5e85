// The stored text layer's format, in a module of its own: the server's main thread compares stored layers
// with it without loading the text engine.
// 2: the walker (ActualText, poppler's font encodings and glyph list, duplicates dropped, Type 3 sizes).
// 3: predefined CJK CMaps and character collections, vertical writing, Tc/Tw out of item ends,
//    Type 3 FontMatrix rotation, forms nested up to 100 deep.
// 4: stored as text-layer-codec.ts writes it: the characters' offsets apart from the JSON, as integers.
export const TEXT_LAYER_VERSION = 4;

// The anchor index stored beside a layer (every {{…}} token found, with its preview layout among no placed
// fields; lib/engine/tasks.ts readPdf). Bumped when the anchor grammar, the finder (lib/pdf/anchors.ts,
// lib/pdf/text/lines.ts) or the layout (lib/pdf/anchor-fit.ts) would give another answer for the same layer:
// a stored index of another version is not read (the layer is searched instead). lib/pdf/anchor-index.test.ts
// fails when those files change, to ask whether it must be.
export const ANCHOR_INDEX_VERSION = 1;
