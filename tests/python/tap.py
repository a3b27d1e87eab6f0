"""Runs one unittest file and prints a TAP-style line per test ("ok - name" / "not ok - name")."""
import importlib.util
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "sdk", "python"))
sys.path.insert(0, os.path.dirname(__file__))


class Tap(unittest.TestResult):
    def addSuccess(self, test):
        print(f"ok - {test.id()}", flush=True)

    def addFailure(self, test, err):
        super().addFailure(test, err)
        print(f"not ok - {test.id()}", flush=True)
        for line in self._exc_info_to_string(err, test).splitlines():
            print(f"#   {line}")

    addError = addFailure

    def addSkip(self, test, reason):
        # A skipped test is not counted as passing.
        print(f"# skipped {test.id()}: {reason}", flush=True)


path = sys.argv[1]
spec = importlib.util.spec_from_file_location(os.path.basename(path)[:-3], path)
mod = importlib.util.module_from_spec(spec)
spec.loader.exec_module(mod)
result = Tap()
unittest.defaultTestLoader.loadTestsFromModule(mod).run(result)
sys.exit(0 if result.wasSuccessful() else 1)
