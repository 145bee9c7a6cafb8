// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//===- NvccCommandLine.cpp - A compile command, as clang needs it ---------===//

#include "core/text/NvccCommandLine.h"

#include <algorithm>
#include <cstring>

namespace bankfix {

namespace {

enum class Action {
  IncludeDir, ///< a directory to search: kept, made absolute
  PathArg,    ///< a file argument (-include, -imacros): kept, made absolute
  Define,     ///< -D / -U: kept
  Standard,   ///< -std: kept
  Arch,       ///< an architecture (-arch, --cuda-gpu-arch, ...)
  GenCode,    ///< -gencode arch=...,code=...
  Drop,       ///< dropped with its value
};

/// An option that takes a value, in any of its spellings. Values come as
/// `-opt value`, `-opt=value`, or (when Joined) `-optvalue`.
struct ValueOption {
  const char *Name;
  Action What;
  const char *Clang; ///< the clang spelling, for kept options
  bool Joined;
};

const ValueOption ValueOptions[] = {
    // Kept.
    {"-I", Action::IncludeDir, "-I", true},
    {"--include-path", Action::IncludeDir, "-I", false},
    {"-isystem", Action::IncludeDir, "-isystem", true},
    {"--system-include", Action::IncludeDir, "-isystem", false},
    {"-iquote", Action::IncludeDir, "-iquote", true},
    {"-idirafter", Action::IncludeDir, "-idirafter", true},
    {"-include", Action::PathArg, "-include", false},
    {"--pre-include", Action::PathArg, "-include", false},
    {"-imacros", Action::PathArg, "-imacros", false},
    {"-D", Action::Define, "-D", true},
    {"--define-macro", Action::Define, "-D", false},
    {"-U", Action::Define, "-U", true},
    {"--undefine-macro", Action::Define, "-U", false},
    {"-std", Action::Standard, "-std=", false},
    {"--std", Action::Standard, "-std=", false},
    // Architectures.
    {"-arch", Action::Arch, nullptr, false},
    {"--gpu-architecture", Action::Arch, nullptr, false},
    {"-code", Action::Arch, nullptr, false},
    {"--gpu-code", Action::Arch, nullptr, false},
    {"--cuda-gpu-arch", Action::Arch, nullptr, false},
    {"--offload-arch", Action::Arch, nullptr, false},
    {"-gencode", Action::GenCode, nullptr, false},
    {"--generate-code", Action::GenCode, nullptr, false},
    // Dropped with their value.
    {"-o", Action::Drop, nullptr, true},
    {"--output-file", Action::Drop, nullptr, false},
    {"-x", Action::Drop, nullptr, true},
    {"--x", Action::Drop, nullptr, false},
    {"-Xcompiler", Action::Drop, nullptr, false},
    {"--compiler-options", Action::Drop, nullptr, false},
    {"-Xptxas", Action::Drop, nullptr, false},
    {"--ptxas-options", Action::Drop, nullptr, false},
    {"-Xlinker", Action::Drop, nullptr, false},
    {"--linker-options", Action::Drop, nullptr, false},
    {"-Xnvlink", Action::Drop, nullptr, false},
    {"--nvlink-options", Action::Drop, nullptr, false},
    {"-Xarchive", Action::Drop, nullptr, false},
    {"--archive-options", Action::Drop, nullptr, false},
    {"-Xcudafe", Action::Drop, nullptr, false},
    {"-Xfatbin", Action::Drop, nullptr, false},
    {"-Xcicc", Action::Drop, nullptr, false},
    {"-Xclang", Action::Drop, nullptr, false},
    {"-Xarch_device", Action::Drop, nullptr, false},
    {"-Xarch_host", Action::Drop, nullptr, false},
    {"-ccbin", Action::Drop, nullptr, false},
    {"--compiler-bindir", Action::Drop, nullptr, false},
    {"-rdc", Action::Drop, nullptr, false},
    {"--relocatable-device-code", Action::Drop, nullptr, false},
    {"-MF", Action::Drop, nullptr, true},
    {"-MT", Action::Drop, nullptr, true},
    {"-MQ", Action::Drop, nullptr, true},
    {"--dependency-output", Action::Drop, nullptr, false},
    {"-odir", Action::Drop, nullptr, false},
    {"--output-directory", Action::Drop, nullptr, false},
    {"-L", Action::Drop, nullptr, true},
    {"--library-path", Action::Drop, nullptr, false},
    {"-l", Action::Drop, nullptr, true},
    {"--library", Action::Drop, nullptr, false},
    {"-cudart", Action::Drop, nullptr, false},
    {"--cudart", Action::Drop, nullptr, false},
    {"-cudadevrt", Action::Drop, nullptr, false},
    {"--cudadevrt", Action::Drop, nullptr, false},
    {"-default-stream", Action::Drop, nullptr, false},
    {"--default-stream", Action::Drop, nullptr, false},
    {"-maxrregcount", Action::Drop, nullptr, false},
    {"--maxrregcount", Action::Drop, nullptr, false},
    {"-t", Action::Drop, nullptr, false},
    {"--threads", Action::Drop, nullptr, false},
    {"-split-compile", Action::Drop, nullptr, false},
    {"--split-compile", Action::Drop, nullptr, false},
    {"-keep-dir", Action::Drop, nullptr, false},
    {"--keep-dir", Action::Drop, nullptr, false},
    {"-ftz", Action::Drop, nullptr, false},
    {"--ftz", Action::Drop, nullptr, false},
    {"-prec-div", Action::Drop, nullptr, false},
    {"--prec-div", Action::Drop, nullptr, false},
    {"-prec-sqrt", Action::Drop, nullptr, false},
    {"--prec-sqrt", Action::Drop, nullptr, false},
    {"-fmad", Action::Drop, nullptr, false},
    {"--fmad", Action::Drop, nullptr, false},
    {"-diag-suppress", Action::Drop, nullptr, false},
    {"--diag-suppress", Action::Drop, nullptr, false},
    {"-target", Action::Drop, nullptr, false},
    {"--target", Action::Drop, nullptr, false},
    {"-isysroot", Action::Drop, nullptr, false},
    {"--sysroot", Action::Drop, nullptr, false},
    {"--cuda-path", Action::Drop, nullptr, false},
    {"-resource-dir", Action::Drop, nullptr, false},
};

bool startsWith(const std::string &S, const char *Prefix) {
  return S.compare(0, std::strlen(Prefix), Prefix) == 0;
}

std::string absolute(const std::string &Path, const std::string &Directory) {
  if (Path.empty() || Path[0] == '/' || Directory.empty())
    return Path;
  std::string Rest = Path;
  while (startsWith(Rest, "./"))
    Rest.erase(0, 2);
  if (Rest.empty() || Rest == ".")
    return Directory;
  return Directory + (Directory.back() == '/' ? "" : "/") + Rest;
}

std::vector<std::string> splitList(const std::string &Text) {
  std::vector<std::string> Items;
  std::string Item;
  for (char C : Text) {
    if (C == ',') {
      Items.push_back(Item);
      Item.clear();
    } else if (C != '[' && C != ']' && C != '"' && C != '\'' && C != ' ') {
      Item += C;
    }
  }
  Items.push_back(Item);
  return Items;
}

/// "sm_80", "compute_80", "lto_80", "sm_90a" → the real architecture clang
/// parses for; anything else (native, all, all-major) → "".
std::string realArch(const std::string &Name) {
  for (const char *Prefix : {"sm_", "compute_", "lto_"})
    if (startsWith(Name, Prefix) && Name.size() > std::strlen(Prefix))
      return "sm_" + Name.substr(std::strlen(Prefix));
  return "";
}

/// The first real architecture of a list ("sm_80,sm_90").
std::string firstArch(const std::string &List) {
  for (const std::string &Item : splitList(List))
    if (std::string Arch = realArch(Item); !Arch.empty())
      return Arch;
  return "";
}

/// -gencode's "arch=compute_80,code=[compute_80,sm_80]": the first sm_ of
/// code=, else the virtual architecture of arch=.
std::string genCodeArch(const std::string &Value) {
  std::string Virtual;
  bool InCode = false;
  for (const std::string &Item : splitList(Value)) {
    std::string Name = Item;
    if (startsWith(Item, "arch=")) {
      InCode = false;
      Virtual = realArch(Item.substr(5));
      continue;
    }
    if (startsWith(Item, "code=")) {
      InCode = true;
      Name = Item.substr(5);
    }
    if (InCode && startsWith(Name, "sm_"))
      return realArch(Name);
  }
  return Virtual;
}

/// Finds the option \p Arg spells and its value; \p I moves past a separate
/// value. Returns nullptr when \p Arg is no value-taking option.
const ValueOption *matchValueOption(const std::vector<std::string> &Argv,
                                    size_t &I, std::string &Value,
                                    bool &MissingValue) {
  const std::string &Arg = Argv[I];
  MissingValue = false;
  // The whole name first ("-optf", "-odir"), then a joined value ("-ofile").
  for (const ValueOption &O : ValueOptions) {
    size_t Len = std::strlen(O.Name);
    if (Arg == O.Name) {
      if (I + 1 >= Argv.size()) {
        MissingValue = true;
        return &O;
      }
      Value = Argv[++I];
      return &O;
    }
    if (Arg.size() > Len && Arg.compare(0, Len, O.Name) == 0 &&
        Arg[Len] == '=') {
      Value = Arg.substr(Len + 1);
      return &O;
    }
  }
  for (const ValueOption &O : ValueOptions) {
    size_t Len = std::strlen(O.Name);
    if (O.Joined && Arg.size() > Len && Arg.compare(0, Len, O.Name) == 0) {
      Value = Arg.substr(Len);
      return &O;
    }
  }
  return nullptr;
}

/// Appends \p Argv from \p First to \p Out with every options file
/// (--options-file F, -optf=F,G) and response file (@F) replaced by the
/// words it holds, read with \p Read; what cannot be read is reported.
void expandOptionFiles(const std::vector<std::string> &Argv, size_t First,
                       const std::string &Directory,
                       const OptionsFileReader &Read, unsigned Depth,
                       std::vector<std::string> &Out,
                       std::vector<std::string> &Warnings) {
  auto Include = [&](const std::string &Name, const char *What) {
    std::optional<std::string> Text;
    if (Read && Depth < 8)
      Text = Read(absolute(Name, Directory));
    if (!Text) {
      Warnings.push_back(std::string(What) + " '" + Name + "' is not read");
      return;
    }
    expandOptionFiles(splitCommandWords(*Text), 0, Directory, Read, Depth + 1,
                      Out, Warnings);
  };
  for (size_t I = First; I < Argv.size(); ++I) {
    const std::string &Arg = Argv[I];
    if (Arg.size() > 1 && Arg[0] == '@') {
      Include(Arg.substr(1), "response file");
      continue;
    }
    std::string Files;
    bool Found = false;
    for (const char *Name : {"--options-file", "-optf"}) {
      size_t Len = std::strlen(Name);
      if (Arg == Name && I + 1 < Argv.size()) {
        Files = Argv[++I];
        Found = true;
      } else if (startsWith(Arg, Name) && Arg.size() > Len && Arg[Len] == '=') {
        Files = Arg.substr(Len + 1);
        Found = true;
      }
      if (Found)
        break;
    }
    if (!Found) {
      Out.push_back(Arg);
      continue;
    }
    for (const std::string &File : splitList(Files))
      if (!File.empty())
        Include(File, "options file");
  }
}

} // namespace

std::vector<std::string> splitCommandWords(const std::string &Text) {
  std::vector<std::string> Words;
  std::string Word;
  bool InWord = false;
  char Quote = 0;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (C == '\\' && I + 1 < Text.size() && Quote != '\'') {
      Word += Text[++I];
      InWord = true;
    } else if (Quote) {
      if (C == Quote)
        Quote = 0;
      else
        Word += C;
    } else if (C == '"' || C == '\'') {
      Quote = C;
      InWord = true;
    } else if (C == ' ' || C == '\t' || C == '\n' || C == '\r') {
      if (InWord)
        Words.push_back(Word);
      Word.clear();
      InWord = false;
    } else {
      Word += C;
      InWord = true;
    }
  }
  if (InWord)
    Words.push_back(Word);
  return Words;
}

TranslatedCommand translateCompileCommand(const std::vector<std::string> &Given,
                                          const std::string &Directory,
                                          const OptionsFileReader &Read) {
  TranslatedCommand Out;
  std::vector<std::string> Argv;
  if (!Given.empty())
    Argv.push_back(Given.front());
  expandOptionFiles(Given, 1, Directory, Read, 0, Argv, Out.Warnings);
  auto SetArch = [&](const std::string &Arch) {
    if (Out.GpuArch.empty())
      Out.GpuArch = Arch;
  };
  for (size_t I = 1; I < Argv.size(); ++I) {
    const std::string &Arg = Argv[I];
    if (Arg.size() < 2 || Arg[0] != '-')
      continue; // an input file, or the value of an option we do not know
    std::string Value;
    bool MissingValue = false;
    const ValueOption *O = matchValueOption(Argv, I, Value, MissingValue);
    if (!O || MissingValue)
      continue; // a switch without a value: nvcc's or the optimiser's
    switch (O->What) {
    case Action::IncludeDir:
    case Action::PathArg:
      if (std::strcmp(O->Clang, "-I") == 0) {
        Out.Args.push_back("-I" + absolute(Value, Directory));
      } else {
        Out.Args.push_back(O->Clang);
        Out.Args.push_back(absolute(Value, Directory));
      }
      break;
    case Action::Define:
      Out.Args.push_back(O->Clang + Value);
      break;
    case Action::Standard:
      Out.Args.push_back(O->Clang + Value);
      break;
    case Action::Arch:
      SetArch(firstArch(Value));
      break;
    case Action::GenCode:
      SetArch(genCodeArch(Value));
      break;
    case Action::Drop:
      break;
    }
  }
  return Out;
}

} // namespace bankfix
