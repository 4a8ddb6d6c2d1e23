"""The Triton twins of triton_bench.py: softmax, layer norm, SGEMM (float32, IEEE products), the
half GEMM and the bf16 GEMM, each checked against a float64 PyTorch reference on fresh random inputs and
timed with triton.testing.do_bench (median; L2 cleared before every run); and the references
measured here rather than in bench_kernels: PyTorch's scaled_dot_product_attention (flash
backend) for attention_fwd."""
import math

import torch
import triton
import triton.language as tl


def rel_err(got, want):
    got, want = got.double(), want.double()
    if not torch.isfinite(got).all():
        return math.inf
    return ((got - want).norm() / want.norm()).item()


def verdict(err, tol):
    return "ok" if err <= tol else f"relative error {err:.3g} > {tol:.3g}"


def time_ms(fn):
    return triton.testing.do_bench(fn, warmup=25, rep=200, return_mode="median")


def warps_for(block):
    return 4 if block <= 2048 else 8 if block <= 4096 else 16


# ---- GEMM: the tutorial's grouped matmul, row-major C = A * B --------------------------------
# float32 operands use input_precision="ieee" (FP32 FFMA, like simtc's SGEMM and cuBLAS SGEMM;
# Triton's default for float32 would be TF32); float16 operands run on the tensor cores.
@triton.jit
def matmul_kernel(a_ptr, b_ptr, c_ptr, M, N, K, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr,
                  BLOCK_K: tl.constexpr, GROUP_M: tl.constexpr, IEEE: tl.constexpr):
    pid = tl.program_id(0)
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    num_pid_in_group = GROUP_M * num_pid_n
    group_id = pid // num_pid_in_group
    first_pid_m = group_id * GROUP_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_M)
    pid_m = first_pid_m + ((pid % num_pid_in_group) % group_size_m)
    pid_n = (pid % num_pid_in_group) // group_size_m
    offs_m = pid_m * BLOCK_M + tl.arange(0, BLOCK_M)
    offs_n = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)
    offs_k = tl.arange(0, BLOCK_K)
    a_ptrs = a_ptr + (offs_m[:, None] % M) * K + offs_k[None, :]
    b_ptrs = b_ptr + offs_k[:, None] * N + (offs_n[None, :] % N)
    acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
    for k in range(0, tl.cdiv(K, BLOCK_K)):
        a = tl.load(a_ptrs, mask=offs_k[None, :] < K - k * BLOCK_K, other=0.0)
        b = tl.load(b_ptrs, mask=offs_k[:, None] < K - k * BLOCK_K, other=0.0)
        if IEEE:
            acc = tl.dot(a, b, acc, input_precision="ieee")
        else:
            acc = tl.dot(a, b, acc)
        a_ptrs += BLOCK_K
        b_ptrs += BLOCK_K * N
    c = acc.to(c_ptr.dtype.element_ty)
    mask = (offs_m[:, None] < M) & (offs_n[None, :] < N)
    tl.store(c_ptr + offs_m[:, None] * N + offs_n[None, :], c, mask=mask)


def _config(m, n, k, stages, warps):
    return triton.Config({"BLOCK_M": m, "BLOCK_N": n, "BLOCK_K": k, "GROUP_M": 8}, num_stages=stages, num_warps=warps)


# Shared memory per stage is (BLOCK_M + BLOCK_N) * BLOCK_K * element size: the float32 list
# stays within the 227 KiB of a block.
matmul_f32 = triton.autotune(
    configs=[_config(128, 128, 32, 3, 8), _config(128, 64, 32, 4, 4), _config(64, 128, 32, 4, 4),
             _config(128, 128, 16, 4, 8)],
    key=["M", "N", "K"])(matmul_kernel)
matmul_f16 = triton.autotune(
    configs=[_config(128, 256, 64, 3, 8), _config(128, 128, 64, 4, 4), _config(128, 128, 32, 4, 4),
             _config(64, 128, 64, 4, 4)],
    key=["M", "N", "K"])(matmul_kernel)


def gemm(dims, in_dtype, out_dtype, tol):
    M, N, K = dims["M"], dims["N"], dims["K"]
    a = (torch.rand(M, K, device="cuda") - 0.5).to(in_dtype)
    b = (torch.rand(K, N, device="cuda") - 0.5).to(in_dtype)
    c = torch.full((M, N), float("nan"), device="cuda", dtype=out_dtype)
    kernel = matmul_f32 if in_dtype == torch.float32 else matmul_f16
    grid = lambda meta: (triton.cdiv(M, meta["BLOCK_M"]) * triton.cdiv(N, meta["BLOCK_N"]),)
    run = lambda: kernel[grid](a, b, c, M, N, K, IEEE=in_dtype == torch.float32)
    run()  # autotunes on first call
    c.fill_(float("nan"))
    run()
    check = verdict(rel_err(c, a.double() @ b.double()), tol)
    return time_ms(run), check


# ---- Row-wise softmax: the tutorial's fused kernel, one program per row ----------------------
@triton.jit
def softmax_kernel(out_ptr, in_ptr, n_cols, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    offs = tl.arange(0, BLOCK)
    x = tl.load(in_ptr + row * n_cols + offs, mask=offs < n_cols, other=-float("inf"))
    x = x - tl.max(x, axis=0)
    num = tl.exp(x)
    tl.store(out_ptr + row * n_cols + offs, num / tl.sum(num, axis=0), mask=offs < n_cols)


def softmax(dims):
    rows, cols = dims["rows"], dims["cols"]
    x = torch.randn(rows, cols, device="cuda", dtype=torch.float32)
    y = torch.full_like(x, float("nan"))
    block = triton.next_power_of_2(cols)
    run = lambda: softmax_kernel[(rows,)](y, x, cols, BLOCK=block, num_warps=warps_for(block))
    run()
    check = verdict(rel_err(y, torch.softmax(x.double(), dim=1)), 1e-5)
    return time_ms(run), check


# ---- Layer norm of each row: (x - mean) / sqrt(var + eps) * gamma + beta ---------------------
@triton.jit
def layernorm_kernel(out_ptr, in_ptr, gamma_ptr, beta_ptr, n_cols, eps, BLOCK: tl.constexpr):
    row = tl.program_id(0).to(tl.int64)
    offs = tl.arange(0, BLOCK)
    mask = offs < n_cols
    x = tl.load(in_ptr + row * n_cols + offs, mask=mask, other=0.0)
    mean = tl.sum(x, axis=0) / n_cols
    d = tl.where(mask, x - mean, 0.0)
    rstd = 1.0 / tl.sqrt(tl.sum(d * d, axis=0) / n_cols + eps)
    g = tl.load(gamma_ptr + offs, mask=mask, other=0.0)
    b = tl.load(beta_ptr + offs, mask=mask, other=0.0)
    tl.store(out_ptr + row * n_cols + offs, d * rstd * g + b, mask=mask)


def layernorm(dims):
    rows, cols = dims["rows"], dims["cols"]
    eps = float(dims.get("eps", 1e-5))
    x = torch.randn(rows, cols, device="cuda", dtype=torch.float32)
    g = torch.rand(cols, device="cuda", dtype=torch.float32) + 0.5
    b = torch.randn(cols, device="cuda", dtype=torch.float32)
    y = torch.full_like(x, float("nan"))
    block = triton.next_power_of_2(cols)
    run = lambda: layernorm_kernel[(rows,)](y, x, g, b, cols, eps, BLOCK=block, num_warps=warps_for(block))
    run()
    want = torch.nn.functional.layer_norm(x.double(), (cols,), g.double(), b.double(), eps)
    check = verdict(rel_err(y, want), 1e-5)
    return time_ms(run), check


TWINS = {
    "softmax": softmax,
    "layernorm": layernorm,
    "sgemm": lambda d: gemm(d, torch.float32, torch.float32, 1e-5),
    "hgemm": lambda d: gemm(d, torch.float16, torch.float32, 1e-3),
    # bf16 in and out, f32 accumulation: the tutorial's kernel on the tensor cores (wgmma on
    # sm_90), B K x N row-major as it takes it (simtc's and cuBLAS's B is N x K; the same work);
    # gemm_f16 the same in f16.
    "gemm_bf16": lambda d: gemm(d, torch.bfloat16, torch.bfloat16, 1e-2),
    "gemm_f16": lambda d: gemm(d, torch.float16, torch.float16, 1e-2),
}


# ---- Attention: PyTorch's scaled_dot_product_attention, flash backend -----------------------
def attention_reference(q, k, v, causal):
    """softmax(q k^T / sqrt(d)) v in float64 (q, k, v: [..., seq, d])."""
    q, k, v = q.double(), k.double(), v.double()
    scores = q @ k.transpose(-1, -2) / math.sqrt(q.shape[-1])
    if causal:
        seq = q.shape[-2]
        mask = torch.ones(seq, seq, dtype=torch.bool, device=q.device).triu(1)
        scores = scores.masked_fill(mask, -math.inf)
    return torch.softmax(scores, dim=-1) @ v


def sdpa(dims):
    """The row's H heads (as batch 16 x H / 16 when H allows) of S positions, head dimension D:
    checked on its first two heads against float64, then timed."""
    from torch.nn.attention import SDPBackend, sdpa_kernel

    heads, seq, d, causal = dims["H"], dims["S"], dims["D"], bool(dims["causal"])
    batch = 16 if heads % 16 == 0 else 1
    q, k, v = (torch.rand(batch, heads // batch, seq, d, device="cuda", dtype=torch.bfloat16) * 2 - 1
               for _ in range(3))
    with sdpa_kernel(SDPBackend.FLASH_ATTENTION):
        run = lambda: torch.nn.functional.scaled_dot_product_attention(q, k, v, is_causal=causal)
        out = run()
        want = attention_reference(q[0, :2], k[0, :2], v[0, :2], causal)
        check = verdict(rel_err(out[0, :2], want), 1e-2)
        return time_ms(run), check


# Rows whose reference (ref_ms, the percentage columns) is measured here.
REFERENCES = {
    "attention_fwd": sdpa,
}
