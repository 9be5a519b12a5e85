// The stored text layer's format, in a module of its own: the server's main thread compares stored layers
// with it without loading the text engine.
// 2: the walker (ActualText, poppler's font encodings and glyph list, duplicates dropped, Type 3 sizes).
// 3: predefined CJK CMaps and character collections, vertical writing, Tc/Tw out of item ends,
//    Type 3 FontMatrix rotation, forms nested up to 100 deep.
export const TEXT_LAYER_VERSION = 3;
