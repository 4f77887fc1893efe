"""The Python runner's modules (the launcher runner/python/*.py and the package
runner/python/torchpilot_pyrunner/) import each other without cycles (issue 25, item 6): a cycle
makes the import order matter.

The graph is read with ast, not by importing (no torch needed), and counts every import of a
runner module at any depth: a function-level `from . import tp_x` closes a cycle at run time just
as a top-level one does, so hiding an import inside a function does not count as breaking a cycle.
Relative imports are resolved against the importing module's package; inside the package every
import of a runner module is relative (a flat `import tp_x` would no longer resolve)."""
import ast
import os
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.environ.get("TP_SOURCE_DIR") or os.path.normpath(os.path.join(HERE, "..", ".."))
RUNNER_DIR = os.path.join(SOURCE, "runner", "python")
PACKAGE = "torchpilot_pyrunner"


def runner_modules(directory=RUNNER_DIR, package=PACKAGE):
    """{dotted module name: path}: the scripts next to the package (torchpilot_runner,
    make_test_model) by their own names, the package as `package` (its __init__.py) and its
    modules as `package.tp_x`."""
    modules = {name[:-3]: os.path.join(directory, name)
               for name in sorted(os.listdir(directory)) if name.endswith(".py")}
    pkg_dir = os.path.join(directory, package)
    for name in sorted(os.listdir(pkg_dir)):
        if name.endswith(".py"):
            dotted = package if name == "__init__.py" else "%s.%s" % (package, name[:-3])
            modules[dotted] = os.path.join(pkg_dir, name)
    return modules


def module_package(module, path):
    """The package a module's relative imports start from (its __package__)."""
    if os.path.basename(path) == "__init__.py":
        return module
    return module.rpartition(".")[0]


def imported_names(tree, package=""):
    """(dotted name, line) of every import anywhere in the tree, relative ones resolved against
    `package`: `import a.b` gives a.b, `from a import b` gives a.b (b may be a submodule), `from
    . import tp_x` in package p gives p.tp_x. Relative imports above the top level are left out."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".") if package else []
                if node.level - 1 >= len(parts):
                    continue
                base = ".".join(parts[:len(parts) - (node.level - 1)])
                base = base + "." + node.module if node.module else base
            else:
                base = node.module or ""
            for alias in node.names:
                yield (base if alias.name == "*" else base + "." + alias.name), node.lineno


def resolve(name, modules):
    """The runner module that importing `name` runs: its longest prefix among the modules."""
    parts = name.split(".")
    for n in range(len(parts), 0, -1):
        candidate = ".".join(parts[:n])
        if candidate in modules:
            return candidate
    return None


def runner_imports(tree, modules, package=""):
    """(runner module, line) of every import of a runner module in the tree."""
    for name, line in imported_names(tree, package):
        target = resolve(name, modules)
        if target is not None:
            yield target, line


def import_graph(directory=RUNNER_DIR, package=PACKAGE):
    """{module: {imported runner module: first line}}; imports of anything else are left out."""
    modules = runner_modules(directory, package)
    graph = {}
    for name, path in modules.items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), filename=path)
        edges = {}
        for target, line in runner_imports(tree, modules, module_package(name, path)):
            if target != name:
                edges.setdefault(target, line)
        graph[name] = edges
    return graph


def flat_imports(directory=RUNNER_DIR, package=PACKAGE):
    """(module, line, name) of every absolute import, inside the package, of a name that is a
    package module's bare name (`import tp_x`, `from tp_x import y`): those worked only while the
    modules lay flat next to the launcher."""
    modules = runner_modules(directory, package)
    bare = {m.rpartition(".")[2] for m in modules if m.startswith(package + ".")}
    found = []
    for name, path in modules.items():
        if name != package and not name.startswith(package + "."):
            continue
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), filename=path)
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for n in names:
                if n.split(".")[0] in bare:
                    found.append((name, node.lineno, n))
    return found


def find_cycles(graph):
    """The strongly connected components with more than one module (Tarjan), each as a sorted
    list, plus one concrete cycle path through each for the failure message."""
    index, low, on_stack, stack, comps = {}, {}, set(), [], []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in sorted(graph[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return [(comp, cycle_path(graph, comp)) for comp in comps]


def cycle_path(graph, comp):
    """One cycle inside a strongly connected component: a -> b -> ... -> a, with the lines."""
    members = set(comp)
    start = comp[0]
    # Breadth first from start's successors back to start, inside the component only.
    parent = {}
    frontier = [start]
    while frontier:
        nxt = []
        for v in frontier:
            for w in sorted(graph[v]):
                if w not in members or w in parent:
                    continue
                parent[w] = v
                if w == start:
                    nxt = []
                    break
                nxt.append(w)
            if start in parent:
                break
        frontier = nxt
    path = [start]
    v = parent[start]
    while v != start:
        path.append(v)
        v = parent[v]
    path.append(start)
    path.reverse()
    return " -> ".join("%s (line %d)" % (a, graph[a][b]) for a, b in zip(path, path[1:])) \
        + " -> " + start


class ImportGraph(unittest.TestCase):
    def test_finder_reports_a_cycle(self):
        # The checker itself: a function-level import that closes a loop is a cycle.
        graph = {"a": {"b": 3}, "b": {"c": 7}, "c": {"a": 12}, "d": {"a": 1}}
        cycles = find_cycles(graph)
        self.assertEqual(len(cycles), 1)
        self.assertEqual(cycles[0][0], ["a", "b", "c"])
        self.assertEqual(cycles[0][1], "a (line 3) -> b (line 7) -> c (line 12) -> a")

    def test_function_level_imports_count(self):
        tree = ast.parse("def f():\n    import tp_x\n    from tp_y.z import q\n")
        modules = {"tp_x": "", "tp_y": ""}
        self.assertEqual(sorted(runner_imports(tree, modules)), [("tp_x", 2), ("tp_y", 3)])

    def test_relative_imports_resolve(self):
        source = ("from . import tp_a\n"
                  "from .tp_b import thing\n"
                  "def f():\n"
                  "    from . import tp_c as c, other\n"
                  "    from .. import outside\n"
                  "    import os\n")
        modules = {"p": "", "p.tp_a": "", "p.tp_b": "", "p.tp_c": ""}
        self.assertEqual(sorted(runner_imports(ast.parse(source), modules, "p")),
                         [("p", 4), ("p.tp_a", 1), ("p.tp_b", 2), ("p.tp_c", 4)])

    def test_a_relative_cycle_in_a_package_is_found(self):
        # The whole checker on files: a package whose modules close a loop through relative
        # imports, one of them inside a function, next to a launcher.
        with tempfile.TemporaryDirectory() as d:
            os.mkdir(os.path.join(d, "pkg"))
            files = {"launcher.py": "from pkg import tp_a\n",
                     "pkg/__init__.py": "",
                     "pkg/tp_a.py": "from .tp_b import x\n",
                     "pkg/tp_b.py": "x = 1\ndef f():\n    from . import tp_a\n"}
            for rel, text in files.items():
                with open(os.path.join(d, rel), "w", encoding="utf-8") as f:
                    f.write(text)
            graph = import_graph(d, "pkg")
            self.assertEqual(graph["launcher"], {"pkg.tp_a": 1})
            cycles = find_cycles(graph)
            self.assertEqual([c for c, _ in cycles], [["pkg.tp_a", "pkg.tp_b"]])
            self.assertEqual(cycles[0][1], "pkg.tp_a (line 1) -> pkg.tp_b (line 3) -> pkg.tp_a")
            # A flat import inside the package is reported too.
            with open(os.path.join(d, "pkg", "tp_b.py"), "a", encoding="utf-8") as f:
                f.write("import tp_a\n")
            self.assertEqual(flat_imports(d, "pkg"), [("pkg.tp_b", 4, "tp_a")])

    def test_runner_has_no_import_cycles(self):
        graph = import_graph()
        self.assertIn("torchpilot_runner", graph)
        self.assertIn(PACKAGE + ".tp_engine", graph)
        # The launcher reaches the package (a walk that missed relative imports would see no edges).
        self.assertIn(PACKAGE + ".tp_options", graph["torchpilot_runner"])
        self.assertIn(PACKAGE + ".tp_contract", graph[PACKAGE + ".tp_engine"])
        cycles = find_cycles(graph)
        if cycles:
            self.fail("import cycles among the runner's modules:\n" +
                      "\n".join("  %s: %s" % (", ".join(c), p) for c, p in cycles))

    def test_package_modules_import_relatively(self):
        self.assertEqual(flat_imports(), [])


if __name__ == "__main__":
    unittest.main()
