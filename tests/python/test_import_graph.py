"""The Python runner's modules (runner/python/*.py) import each other without cycles (issue 25,
item 6): a cycle makes the import order matter and blocks turning the runner into a package.

The graph is read with ast, not by importing (no torch needed), and counts every import of a
runner module at any depth: a function-level `import tp_x` closes a cycle at run time just as a
top-level one does, so hiding an import inside a function does not count as breaking a cycle."""
import ast
import os
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.environ.get("TP_SOURCE_DIR") or os.path.normpath(os.path.join(HERE, "..", ".."))
RUNNER_DIR = os.path.join(SOURCE, "runner", "python")


def runner_modules(directory=RUNNER_DIR):
    """{module name: path} of the runner's flat modules."""
    return {name[:-3]: os.path.join(directory, name)
            for name in sorted(os.listdir(directory)) if name.endswith(".py")}


def imported_names(tree):
    """(top-level module name, line) of every absolute import anywhere in the tree."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name.split(".")[0], node.lineno
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.split(".")[0], node.lineno


def import_graph(directory=RUNNER_DIR):
    """{module: {imported runner module: first line}}; imports of anything else are left out."""
    modules = runner_modules(directory)
    graph = {}
    for name, path in modules.items():
        with open(path, encoding="utf-8") as f:
            tree = ast.parse(f.read(), filename=path)
        edges = {}
        for target, line in imported_names(tree):
            if target in modules and target != name:
                edges.setdefault(target, line)
        graph[name] = edges
    return graph


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
        self.assertEqual(sorted(imported_names(tree)), [("tp_x", 2), ("tp_y", 3)])

    def test_runner_has_no_import_cycles(self):
        graph = import_graph()
        self.assertIn("torchpilot_runner", graph)
        self.assertIn("tp_engine", graph)
        cycles = find_cycles(graph)
        if cycles:
            self.fail("import cycles among runner/python modules:\n" +
                      "\n".join("  %s: %s" % (", ".join(c), p) for c, p in cycles))


if __name__ == "__main__":
    unittest.main()
