// RUN: %simtc build %s -o %t.ptx 2>&1 | count 0
// Every node kind and cast kind the allowlist lets safe code use (verdicts safe and checked),
// in code the checker accepts and simtc compiles; the coverage script checks that this file's
// AST holds each of them.
#include <simt/kernel.hpp>

struct Base {
  int v;
};
struct Derived : Base {
  int w = 7;                                         // CXXDefaultInitExpr
  int twice() const { return this->v * 2; }          // CXXThisExpr, MemberExpr
  bool operator==(const Derived& o) const { return v == o.v; }
};
struct Pair {
  int a, b;
};
struct Wrap {
  operator int() const { return 3; }                 // UserDefinedConversion
};
struct Make {
  Make(int x) : x(x) {}                              // ConstructorConversion
  int x;
};
template <int N>
int scaled(int x) { return x * N; }                  // SubstNonTypeTemplateParmExpr
template <class... T>
int count_of(T...) { return sizeof...(T); }          // SizeOfPackExpr
template <class T>
concept Small = sizeof(T) <= 4;
constexpr int operator""_k(unsigned long long v) { return int(v) * 1000; }
int with_default(int x, int y = 2) { return x + y; } // CXXDefaultArgExpr
struct Fields {
  int a;
  float b;
};

[[kernel]] void everything(int n, simt::Slice<const float> in, simt::DisjointSlice<float> out) {
  auto i = simt::thread::index_1d();
  int local[4] = {1, 2, 3, 4};                       // InitListExpr, IntegerLiteral
  int sum = 0;
  for (int x : local) sum += x;                      // CXXForRangeStmt, ArrayToPointerDecay
  for (int k = 0; k < 4; ++k) {                      // ForStmt
    if (k == 2) continue;                            // ContinueStmt
    if (k == 3) break;                               // BreakStmt
  }
  int w = 0;
  while (w < n) ++w;                                 // WhileStmt
  do { --w; } while (w > 0);                         // DoStmt
  switch (n) {                                       // SwitchStmt, CaseStmt, DefaultStmt
    case 1: sum += 1; break;
    default: ;                                       // NullStmt
  }
  if (n > 3) [[likely]] { sum += 2; }                // AttributedStmt
  done:                                              // LabelStmt
  char c = 'a';                                      // CharacterLiteral
  bool t = true;                                     // CXXBoolLiteralExpr
  bool null_is_null = !static_cast<bool>(nullptr);   // CXXNullPtrLiteralExpr (NullToPointer: the unsafe file)
  long gnu = __null;                                 // GNUNullExpr
  double d = 1.5;                                    // FloatingLiteral
  float f = in[0] * 2.0f;                            // CXXOperatorCallExpr, LValueToRValue
  int fi = int(f);                                   // CXXFunctionalCastExpr, FloatingToIntegral
  float fl = static_cast<float>(sum);                // CXXStaticCastExpr, IntegralToFloating
  long wide = (long)sum;                             // CStyleCastExpr, IntegralCast
  bool b1 = sum;                                     // IntegralToBoolean
  bool b2 = d;                                       // FloatingToBoolean
  (void)b1;                                          // ToVoid
  int cond = n > 0 ? 1 : 2;                          // ConditionalOperator
  sum += (cond);                                     // CompoundAssignOperator, ParenExpr
  sum = -sum;                                        // UnaryOperator, BinaryOperator
  Derived der{};
  der.v = 4;
  Base& base = der;                                  // DerivedToBase
  int bv = base.v + der.twice();                     // CXXMemberCallExpr
  Derived other{};
  bool ne = der != other;                            // CXXRewrittenBinaryOperator
  Pair p(1, 2);                                      // CXXParenListInitExpr
  Pair q = Pair{.a = 3, .b = 4};                     // DesignatedInitExpr
  Pair z = Pair();                                   // CXXScalarValueInitExpr? (value-init)
  int zero = int();                                  // CXXScalarValueInitExpr
  Fields partial = {1};                              // ImplicitValueInitExpr
  int sz = sizeof(Pair) + alignof(double);           // UnaryExprOrTypeTraitExpr
  bool trait = __is_trivially_copyable(Pair);        // TypeTraitExpr
  unsigned long rank = __array_rank(int[2][3]);      // ArrayTypeTraitExpr
  bool lv = __is_lvalue_expr(sum);                   // ExpressionTraitExpr
  bool nx = noexcept(sum + 1);                       // CXXNoexceptExpr
  unsigned long off = __builtin_offsetof(Pair, b);   // OffsetOfExpr
  bool small = Small<int>;                           // ConceptSpecializationExpr
  bool req = requires { sum + 1; };                  // RequiresExpr
  int sc = scaled<3>(2) + count_of(1, 2.0);          // CallExpr
  int kilo = 5_k;                                    // UserDefinedLiteral
  int dflt = with_default(1);
  int conv = Wrap();                                 // CXXTemporaryObjectExpr? (Wrap())
  Make made = 4;                                     // ConstructorConversion, CXXConstructExpr
  auto lam = [sum, local](int x) { return sum + x + local[0]; };  // LambdaExpr, ArrayInitLoopExpr
  int lv2 = lam(1);
  Pair cl = (Pair){5, 6};                            // CompoundLiteralExpr
  double widened = f;                                // FloatingCast
  const Pair& ref = Pair{7, 8};                      // MaterializeTemporaryExpr, ExprWithCleanups
  using I = int;
  I scalar = 3;
  scalar.~I();                                       // CXXPseudoDestructorExpr
  constexpr int folded = 6 * 7;                      // ConstantExpr
  static_assert(folded == 42);
  bool pb = static_cast<bool>(&scalar);              // PointerToBoolean (the address of a local)
  simt::printf("%s %d\n", __func__, folded);         // StringLiteral, PredefinedExpr
  bool expect = __builtin_expect(sum > 0, 1);        // BuiltinFnToFnPtr
  unsigned bits = __builtin_bit_cast(unsigned, fl);  // BuiltinBitCastExpr, LValueToRValueBitCast
  int neg = -int(t);
  (void)null_is_null; (void)gnu; (void)c; (void)wide; (void)b2; (void)bv; (void)ne; (void)p;
  (void)q; (void)z; (void)zero; (void)partial; (void)sz; (void)trait; (void)rank; (void)lv;
  (void)nx; (void)off; (void)small; (void)req; (void)sc; (void)kilo; (void)dflt; (void)conv;
  (void)made; (void)lv2; (void)cl; (void)ref; (void)pb; (void)expect; (void)neg; (void)widened;
  if (auto o = out.get_mut(i)) *o = f + fl + float(fi + int(bits & 1u));
  return;                                            // ReturnStmt
}
