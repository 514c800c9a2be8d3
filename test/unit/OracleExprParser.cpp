//===- OracleExprParser.cpp - Precedence climbing over C operators --------===//

#include "OracleExprParser.h"

#include <cctype>
#include <vector>

namespace lds::test {

namespace {

struct BinarySpelling {
  const char *Text;
  BinaryOp Op;
  int Precedence; // C's: higher binds tighter
};

// Longest spellings first so "<<" is not read as "<".
const BinarySpelling Binaries[] = {
    {"<<", BinaryOp::Shl, 8},        {">>", BinaryOp::Shr, 8},       {"<=", BinaryOp::LE, 7},
    {">=", BinaryOp::GE, 7},         {"==", BinaryOp::EQ, 6},        {"!=", BinaryOp::NE, 6},
    {"&&", BinaryOp::LogicalAnd, 2}, {"||", BinaryOp::LogicalOr, 1}, {"*", BinaryOp::Mul, 10},
    {"/", BinaryOp::Div, 10},        {"%", BinaryOp::Rem, 10},       {"+", BinaryOp::Add, 9},
    {"-", BinaryOp::Sub, 9},         {"<", BinaryOp::LT, 7},         {">", BinaryOp::GT, 7},
    {"&", BinaryOp::And, 5},         {"^", BinaryOp::Xor, 4},        {"|", BinaryOp::Or, 3},
};

class Parser {
public:
  explicit Parser(const std::string &Text) : S(Text) {}

  ExprRef parse(std::string &Error) {
    ExprRef E = conditional();
    skipSpace();
    if (E && Pos != S.size())
      fail("unexpected '" + S.substr(Pos) + "'");
    if (!Err.empty()) {
      Error = Err;
      return nullptr;
    }
    return E;
  }

private:
  ExprRef conditional() {
    ExprRef Cond = binary(1);
    if (!Cond || !eat("?"))
      return Cond;
    ExprRef A = conditional();
    if (!eat(":"))
      return fail("expected ':'");
    ExprRef B = conditional();
    if (!A || !B)
      return nullptr;
    return LaneExpr::select(Cond, A, B, IntType::i32());
  }

  ExprRef binary(int MinPrecedence) {
    ExprRef L = unary();
    while (L) {
      skipSpace();
      const BinarySpelling *Found = nullptr;
      for (const BinarySpelling &B : Binaries)
        if (S.compare(Pos, std::string(B.Text).size(), B.Text) == 0) {
          Found = &B;
          break;
        }
      if (!Found || Found->Precedence < MinPrecedence)
        return L;
      Pos += std::string(Found->Text).size();
      ExprRef R = binary(Found->Precedence + 1);
      if (!R)
        return nullptr;
      L = LaneExpr::binary(Found->Op, L, R, IntType::i32());
    }
    return L;
  }

  ExprRef unary() {
    if (eat("-"))
      return wrapUnary(UnaryOp::Neg);
    if (eat("~"))
      return wrapUnary(UnaryOp::BitNot);
    if (eat("!"))
      return wrapUnary(UnaryOp::LogicalNot);
    return primary();
  }

  ExprRef wrapUnary(UnaryOp Op) {
    ExprRef A = unary();
    return A ? LaneExpr::unary(Op, A, IntType::i32()) : nullptr;
  }

  ExprRef primary() {
    skipSpace();
    if (eat("(")) {
      ExprRef E = conditional();
      if (!eat(")"))
        return fail("expected ')'");
      return E;
    }
    if (Pos < S.size() && std::isdigit(static_cast<unsigned char>(S[Pos]))) {
      int64_t V = 0;
      while (Pos < S.size() && std::isdigit(static_cast<unsigned char>(S[Pos])))
        V = V * 10 + (S[Pos++] - '0');
      return LaneExpr::constant(V);
    }
    if (eat("tx"))
      return LaneExpr::cast(LaneExpr::threadIdx(0), IntType::i32());
    if (eat("ty"))
      return LaneExpr::cast(LaneExpr::threadIdx(1), IntType::i32());
    return fail("unexpected '" + S.substr(Pos) + "'");
  }

  bool eat(const char *Token) {
    skipSpace();
    std::string T = Token;
    if (S.compare(Pos, T.size(), T) != 0)
      return false;
    Pos += T.size();
    return true;
  }

  void skipSpace() {
    while (Pos < S.size() && std::isspace(static_cast<unsigned char>(S[Pos])))
      ++Pos;
  }

  ExprRef fail(const std::string &Msg) {
    if (Err.empty())
      Err = Msg + " in '" + S + "'";
    return nullptr;
  }

  std::string S;
  size_t Pos = 0;
  std::string Err;
};

} // namespace

ExprRef parseOracleExpr(const std::string &Text, std::string &Error) {
  return Parser(Text).parse(Error);
}

} // namespace lds::test
