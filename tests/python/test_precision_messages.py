"""The Python runner's precision reasons as the store reads them typed (tp_precision: the event's
"reason_messages" beside "reasons"): each identifier names an entry of the C++ catalog
(model/contract/model_texts.h) with the same English template, read from that header, so the two
cannot drift apart; the English each message makes is the sentence the runner always wrote; and
a message's arguments fill the template once (an argument's own "%2" stays)."""
import os
import re
import sys
import unittest

from runner_testlib import PACKAGE, PYDIR

sys.path.insert(0, PYDIR)
tp_precision = __import__(PACKAGE + ".tp_precision", fromlist=["tp_precision"])

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.environ.get("TP_SOURCE_DIR") or os.path.normpath(os.path.join(HERE, "..", ".."))
CATALOG = os.path.join(SOURCE, "model", "contract", "model_texts.h")


def catalog():
    """{name: English template} of the C++ catalog's X(Name, QT_TRANSLATE_NOOP(ctx, "text"))."""
    with open(CATALOG, encoding="utf-8") as f:
        text = f.read()
    return {m.group(1): m.group(2).encode().decode("unicode_escape").encode("latin-1").decode()
            for m in re.finditer(r'X\((\w+), QT_TRANSLATE_NOOP\("tp::ModelText", "((?:[^"\\]|\\.)*)"\)\)',
                                 text)}


class PrecisionMessageTests(unittest.TestCase):
    def test_every_template_is_the_catalogs(self):
        known = catalog()
        self.assertGreater(len(known), 100)
        for name, template in tp_precision._TEMPLATES.items():
            self.assertIn(name, known)
            self.assertEqual(template, known[name], name)

    def test_english_is_what_the_runner_always_wrote(self):
        tol = {"rtol": 0.016, "atol": 1e-5, "max_mismatch_percent": 5.0, "min_cosine": 0.999}
        c = {"sizes_match": False, "finite": False, "mismatch_percent": 12.94, "cosine": 0.9}
        self.assertEqual(tp_precision.judge_outputs(c, tol), [
            "output sizes differ from the reference",
            "non-finite values in the output",
            "12.9% of elements outside atol 1e-05 + rtol 0.016 (allowed 5%)",
            "cosine similarity 0.900000 below 0.999000"])
        typed = tp_precision.judge_output_messages(c, tol)
        self.assertEqual([m["id"] for m in typed],
                         ["PrecisionSizes", "PrecisionNonFinite", "PrecisionMismatch", "PrecisionCosine"])
        self.assertEqual(typed[2]["args"], ["12.9", "1e-05", "0.016", "5"])
        ok = {"sizes_match": True, "finite": True, "mismatch_percent": 0.0, "cosine": 1.0}
        self.assertEqual(tp_precision.judge_output_messages(ok, tol), [])

    def test_arguments_fill_once(self):
        m = tp_precision.message("PrecisionCosine", "%2", "0.5")
        self.assertEqual(tp_precision.english(m), "cosine similarity %2 below 0.5")
        self.assertEqual(tp_precision.english(tp_precision.message("PrecisionCosine", "1")),
                         "cosine similarity 1 below %2")


if __name__ == "__main__":
    unittest.main()
