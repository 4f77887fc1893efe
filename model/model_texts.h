#pragma once
// The catalog of model sentences (see model_text.h): each entry names an English template whose
// %1…%9 the code fills with fillText(txt::Name, {…}). QT_TRANSLATE_NOOP marks each template for
// lupdate (context "tp::ModelText"); the model itself needs no Qt. Specific templates come
// before general ones that would also match their sentences ("%1" alone never appears). No Qt.
#ifndef QT_TRANSLATE_NOOP
#define QT_TRANSLATE_NOOP(scope, text) text
#endif

// clang-format off
#define TP_MODEL_TEXTS(X) \
    /* The default pilot's sides */ \
    X(DefaultBaselineLabel, QT_TRANSLATE_NOOP("tp::ModelText", "local eager float32 (current)")) \
    X(DefaultCandidateLabel, QT_TRANSLATE_NOOP("tp::ModelText", "local compiled (candidate)")) \
    X(AllowedModeReason, QT_TRANSLATE_NOOP("tp::ModelText", "the candidate path is the compiled one")) \
    X(AllowedDtypeReason, QT_TRANSLATE_NOOP("tp::ModelText", "the candidate may run a lower precision within the precision policy")) \
    /* Compile-cost break-even (break_even.cpp) */ \
    X(BreakEvenWorst, QT_TRANSLATE_NOOP("tp::ModelText", "compile cost paid back after at most %1 calls (%2)")) \
    X(BreakEvenNever, QT_TRANSLATE_NOOP("tp::ModelText", "never paid back for %1 of %2 shapes (steady state not faster)")) \
    X(BreakEvenShape, QT_TRANSLATE_NOOP("tp::ModelText", "%1 batch %2, %3")) \
    X(BreakEvenShapeSeq, QT_TRANSLATE_NOOP("tp::ModelText", "%1 batch %2 seq %3, %4"))
// clang-format on

namespace tp::txt
{
#define TP_TEXT_CONSTANT(name, text) inline constexpr const char *name = text;
TP_MODEL_TEXTS(TP_TEXT_CONSTANT)
#undef TP_TEXT_CONSTANT
} // namespace tp::txt
