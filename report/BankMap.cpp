//===- BankMap.cpp - One wave's access as a picture in plain text ---------===//

#include "report/BankMap.h"

#include "matchers/AnalyzedFile.h"

#include "llvm/Support/WithColor.h"

#include <algorithm>

namespace lds {

namespace {

constexpr unsigned MaxColumns = 100;
constexpr unsigned PanelGap = 2;

unsigned digits(unsigned V) {
  unsigned D = 1;
  while (V >= 10) {
    V /= 10;
    ++D;
  }
  return D;
}

std::string padLeft(const std::string &S, unsigned W) {
  return S.size() >= W ? S : std::string(W - S.size(), ' ') + S;
}

std::string padRight(const std::string &S, unsigned W) {
  return S.size() >= W ? S : S + std::string(W - S.size(), ' ');
}

struct Panel {
  unsigned Group;
  unsigned CountWidth;
  unsigned width(const WaveTrace &T) const {
    return static_cast<unsigned>(T.Groups[Group].Lanes.size()) + 1 + CountWidth + 1;
  }
};

/// The cell of lane Lanes[I] of G at Bank.
char cellOf(const GroupTrace &G, size_t I, unsigned Bank, const WaveTrace &T) {
  unsigned Lane = G.Lanes[I];
  if (Lane >= T.Active.size() || !T.Active[Lane])
    return ' ';
  for (const LaneHit &H : G.Hits[I])
    if (H.Bank == Bank)
      return requestSymbol(H.RequestIndex);
  return '.';
}

} // namespace

char requestSymbol(unsigned Index) {
  static const char Symbols[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
  return Index < sizeof(Symbols) - 1 ? Symbols[Index] : '#';
}

std::string wordsPerBankText(const GroupTrace &G) {
  std::string S;
  for (size_t B = 0; B < G.Banks.size();) {
    size_t E = B;
    while (E + 1 < G.Banks.size() && G.Banks[E + 1].Requests == G.Banks[B].Requests)
      ++E;
    if (!S.empty())
      S += ", ";
    S += E == B ? "bank " + std::to_string(B)
                : "banks " + std::to_string(B) + "-" + std::to_string(E);
    S += ": " + std::to_string(G.Banks[B].Requests);
    B = E + 1;
  }
  return S;
}

std::string groupTitle(const GroupTrace &G) {
  return (G.Lanes.size() == 1 ? "lane " : "lanes ") + compactList(G.Lanes);
}

std::string bankMapLegend() {
  return "One row per bank, one column per lane of the wave, each lane group a "
         "panel of its own.\n"
         "A cell says which of that bank's distinct words the lane asks (0 = the "
         "lowest address,\n"
         "then 1-9, a-z, A-Z); '.' = the lane asks nothing of this bank, blank = "
         "the lane is off.\n"
         "After each panel: the distinct words the bank must serve, '!' when that "
         "is more than\n"
         "the group needs (a conflicting bank).\n";
}

void printBankMap(llvm::raw_ostream &OS, const WaveTrace &T, const AccessResult &R, bool Color,
                  unsigned Indent) {
  using llvm::raw_ostream;
  using llvm::WithColor;
  const std::string In(Indent, ' ');
  auto Mode = Color ? llvm::ColorMode::Enable : llvm::ColorMode::Disable;
  const unsigned BankWidth = digits(T.Banks ? T.Banks - 1 : 0);
  // "  bank 12  " / "  banks 2-31: no lane"
  const unsigned Prefix = Indent + 5 + BankWidth + 2;

  std::vector<Panel> Panels;
  for (unsigned G = 0; G < T.Groups.size(); ++G)
    Panels.push_back({G, digits(std::max(T.Groups[G].Cycles, 1u))});

  // Panels side by side while they fit, else in bands of equal size.
  auto Pack = [&](size_t PerBand) {
    std::vector<std::vector<Panel>> Bands;
    unsigned Width = Prefix;
    for (const Panel &P : Panels) {
      unsigned W = P.width(T) + PanelGap;
      if (Bands.empty() || Bands.back().size() >= PerBand ||
          (Width + W - PanelGap > MaxColumns && !Bands.back().empty())) {
        Bands.emplace_back();
        Width = Prefix;
      }
      Bands.back().push_back(P);
      Width += W;
    }
    return Bands;
  };
  std::vector<std::vector<Panel>> Bands = Pack(Panels.size());
  if (Bands.size() > 1)
    Bands = Pack((Panels.size() + Bands.size() - 1) / Bands.size());

  const unsigned MaxLane = T.WaveSize ? T.WaveSize - 1 : 0;
  const unsigned LaneDigits = digits(MaxLane);
  for (size_t BI = 0; BI < Bands.size(); ++BI) {
    const std::vector<Panel> &Band = Bands[BI];
    if (BI)
      OS << "\n";
    // Titles, then the lane numbers written downwards.
    std::string Line(Prefix, ' ');
    for (size_t K = 0; K < Band.size(); ++K) {
      const GroupTrace &G = T.Groups[Band[K].Group];
      std::string Title = groupTitle(G);
      unsigned W = Band[K].width(T);
      if (Title.size() > W)
        Title = "group " + std::to_string(Band[K].Group + 1);
      Line += (K ? std::string(PanelGap, ' ') : "") + padRight(Title, W);
    }
    OS << llvm::StringRef(Line).rtrim() << "\n";
    for (unsigned D = LaneDigits; D-- > 0;) {
      Line.assign(Prefix, ' ');
      unsigned Div = 1;
      for (unsigned I = 0; I < D; ++I)
        Div *= 10;
      for (size_t K = 0; K < Band.size(); ++K) {
        const GroupTrace &G = T.Groups[Band[K].Group];
        if (K)
          Line += std::string(PanelGap, ' ');
        for (unsigned Lane : G.Lanes)
          Line += (Lane < Div && D > 0) ? ' ' : char('0' + Lane / Div % 10);
        Line += std::string(Band[K].width(T) - G.Lanes.size(), ' ');
      }
      OS << llvm::StringRef(Line).rtrim() << "\n";
    }

    // One row per bank some panel of the band uses; runs of unused banks
    // are one line.
    auto Used = [&](unsigned Bank) {
      for (const Panel &P : Band)
        if (T.Groups[P.Group].Banks[Bank].Requests)
          return true;
      return false;
    };
    for (unsigned Bank = 0; Bank < T.Banks;) {
      unsigned End = Bank;
      while (!Used(Bank) && End + 1 < T.Banks && !Used(End + 1))
        ++End;
      if (!Used(Bank) && End > Bank) {
        OS << In << "banks " << Bank << "-" << End << ": no lane\n";
        Bank = End + 1;
        continue;
      }
      std::string Row;
      llvm::raw_string_ostream RowOS(Row);
      RowOS.enable_colors(Color);
      RowOS << In << "bank " << padLeft(std::to_string(Bank), BankWidth) << "  ";
      for (size_t K = 0; K < Band.size(); ++K) {
        const GroupTrace &G = T.Groups[Band[K].Group];
        if (K)
          RowOS << std::string(PanelGap, ' ');
        std::string Cells;
        for (size_t I = 0; I < G.Lanes.size(); ++I)
          Cells += cellOf(G, I, Bank, T);
        unsigned N = G.Banks[Bank].Requests;
        bool Conflicting = G.conflicting(Bank);
        bool Worst = Conflicting && Band[K].Group == T.WorstGroup && Bank == G.BusiestBank;
        std::string Count = N ? std::to_string(N) : "";
        std::string Tail = " " + padLeft(Count, Band[K].CountWidth) + (Conflicting ? "!" : " ");
        if (Conflicting) {
          WithColor(RowOS, Worst ? raw_ostream::RED : raw_ostream::YELLOW,
                    /*Bold=*/Worst, /*BG=*/false, Mode)
              << Cells << Tail;
        } else {
          RowOS << Cells << Tail;
        }
      }
      OS << llvm::StringRef(Row).rtrim(' ') << "\n";
      ++Bank;
    }
  }

  // The numbers under it.
  const GroupTrace &WG = T.worstGroup();
  OS << "\n"
     << In << "passes " << formatNumber(R.Passes) << " per wave instruction (block average over "
     << T.ExecutingWaves << (T.ExecutingWaves == 1 ? " wave" : " waves") << "), ideal "
     << formatNumber(R.IdealPasses) << ", degree " << formatNumber(R.Degree) << "-way\n";
  OS << In << "this wave: " << formatNumber(T.WavePasses) << " passes";
  if (T.Groups.size() > 1) {
    OS << " (";
    for (size_t G = 0; G < T.Groups.size(); ++G)
      OS << (G ? " + " : "") << T.Groups[G].Cycles;
    OS << ")";
  }
  OS << ", ideal " << formatNumber(T.WaveIdealPasses) << "\n";
  const BankUse &U = WG.Banks[WG.BusiestBank];
  OS << In << "worst bank: bank " << WG.BusiestBank << " of " << groupTitle(WG) << ": "
     << U.Lanes.size() << (U.Lanes.size() == 1 ? " lane" : " lanes");
  if (!U.Lanes.empty())
    OS << " (" << compactList(U.Lanes) << ")";
  OS << ", " << U.Requests << (U.Requests == 1 ? " distinct word" : " distinct words") << "\n";
  unsigned TitleWidth = 0;
  for (const GroupTrace &G : T.Groups)
    TitleWidth = std::max<unsigned>(TitleWidth, groupTitle(G).size());
  if (T.Groups.size() > 1) {
    OS << In << "busiest bank of each lane group:\n";
    for (const GroupTrace &G : T.Groups) {
      const BankUse &B = G.Banks[G.BusiestBank];
      OS << In << "  " << padRight(groupTitle(G) + ":", TitleWidth + 1);
      if (!G.ActiveLanes) {
        OS << " no lane active\n";
        continue;
      }
      OS << " bank " << G.BusiestBank << ", " << B.Lanes.size()
         << (B.Lanes.size() == 1 ? " lane" : " lanes");
      if (!B.Lanes.empty())
        OS << " (" << compactList(B.Lanes) << ")";
      OS << ", " << B.Requests << (B.Requests == 1 ? " distinct word" : " distinct words") << "\n";
    }
  }
  OS << In << "distinct words per bank:\n";
  // Wrapped at 100 columns, under the first run.
  for (const GroupTrace &G : T.Groups) {
    std::string Line = In + "  " + padRight(groupTitle(G) + ":", TitleWidth + 1) + " ";
    const size_t Hang = Line.size();
    llvm::SmallVector<llvm::StringRef, 16> Runs;
    std::string Text = wordsPerBankText(G);
    llvm::StringRef(Text).split(Runs, ", ");
    for (size_t I = 0; I < Runs.size(); ++I) {
      std::string Piece = Runs[I].str() + (I + 1 < Runs.size() ? "," : "");
      if (Line.size() > Hang && Line.size() + 1 + Piece.size() > MaxColumns) {
        OS << llvm::StringRef(Line).rtrim() << "\n";
        Line = std::string(Hang, ' ');
      }
      Line += (Line.size() > Hang ? " " : "") + Piece;
    }
    OS << Line << "\n";
  }
}

} // namespace lds
