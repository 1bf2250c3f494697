// Parser of distributed graph file fragments (dgr_fragment.hpp).
#include "dgr_fragment.hpp"

#include <cctype>
#include <cerrno>
#include <cstdlib>

namespace tartan_mpi {

namespace {

using Num = TARTAN_Num;

struct FormatError {
  std::string message;
};

// Whitespace-separated integers, with line numbers for messages.
class Tokens {
 public:
  Tokens(const std::string &text, const std::string &name) : text_(text), name_(name) {}
  Num next(const char *what) {
    skip_space();
    if (pos_ == text_.size()) fail(std::string("end of file where ") + what + " was expected");
    const char *start = text_.c_str() + pos_;
    char *end = nullptr;
    errno = 0;
    const long long value = std::strtoll(start, &end, 10);
    if (end == start || (end != text_.c_str() + text_.size() && !std::isspace(static_cast<unsigned char>(*end))))
      fail(std::string("malformed ") + what);
    if (errno == ERANGE || value > TARTAN_NUMMAX || value < -TARTAN_NUMMAX)
      fail(std::string(what) + " does not fit in TARTAN_Num");
    pos_ = static_cast<std::size_t>(end - text_.c_str());
    return static_cast<Num>(value);
  }
  // The most numbers the rest of the text can hold (each a digit and a separator).
  Num room() const { return static_cast<Num>((text_.size() - pos_ + 1) / 2); }
  [[noreturn]] void fail(const std::string &what) const {
    throw FormatError{name_ + ", line " + std::to_string(line_) + ": " + what};
  }

 private:
  void skip_space() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) {
      if (text_[pos_] == '\n') ++line_;
      ++pos_;
    }
  }
  const std::string &text_;
  const std::string &name_;
  std::size_t pos_ = 0;
  long line_ = 1;
};

void parse(Tokens &in, Num flags, DgrFragment &f) {
  if (in.next("version") != 2) in.fail("not a distributed graph file (version 2)");
  f.procglbnbr = in.next("process count");
  f.proclocnum = in.next("process number");
  if (f.procglbnbr <= 0 || f.proclocnum < 0 || f.proclocnum >= f.procglbnbr)
    in.fail("process number " + std::to_string(f.proclocnum) + " of " + std::to_string(f.procglbnbr));
  f.vertglbnbr = in.next("global vertex count");
  in.next("global arc count");
  f.vertlocnbr = in.next("local vertex count");
  f.edgelocnbr = in.next("local arc count");
  f.base = in.next("base value");
  const Num flag = in.next("flags");
  if (f.vertglbnbr < 0 || f.vertlocnbr < 0 || f.vertlocnbr > f.vertglbnbr || f.edgelocnbr < 0)
    in.fail("bad vertex or arc counts");
  if (f.base != 0 && f.base != 1) in.fail("base value must be 0 or 1");
  // Every vertex needs its degree, every arc its neighbour.
  if (f.vertlocnbr > in.room() || f.edgelocnbr > in.room())
    in.fail(std::to_string(f.vertlocnbr) + " vertices and " + std::to_string(f.edgelocnbr) +
            " arcs claimed: more than the rest of the file can hold");
  const bool labels = flag / 100 % 10 != 0, vloads = flag / 10 % 10 != 0, eloads = flag % 10 != 0;
  f.vert.assign(1, 0);
  for (Num v = 0; v < f.vertlocnbr; ++v) {
    if (labels) in.next("vertex label");
    Num load = 1;
    if (vloads) load = in.next("vertex load");
    f.velo.push_back((flags & 1) == 0 ? load : 1);
    const Num degree = in.next("degree");
    if (degree < 0 || degree > f.edgelocnbr - static_cast<Num>(f.edge.size()))
      in.fail("degree " + std::to_string(degree) + " beyond the " + std::to_string(f.edgelocnbr) +
              " local arcs");
    for (Num e = 0; e < degree; ++e) {
      const Num weight = eloads ? in.next("arc weight") : 1;
      f.edlo.push_back((flags & 2) == 0 ? weight : 1);
      f.edge.push_back(in.next("neighbour") - f.base);
    }
    f.vert.push_back(static_cast<Num>(f.edge.size()));
  }
  if (static_cast<Num>(f.edge.size()) != f.edgelocnbr)
    in.fail("the degrees add up to " + std::to_string(f.edge.size()) + " arcs, not " +
            std::to_string(f.edgelocnbr));
}

}  // namespace

int parse_dgr_fragment(const std::string &text, const std::string &name, TARTAN_Num flags,
                       DgrFragment *fragment, std::string *message) {
  Tokens in(text, name);
  DgrFragment f;
  try {
    parse(in, flags, f);
  } catch (const FormatError &error) {
    *message = error.message;
    return TARTAN_EFORMAT;
  }
  *fragment = std::move(f);
  return 0;
}

}  // namespace tartan_mpi
