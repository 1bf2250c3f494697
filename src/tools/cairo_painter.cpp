// The cairo back end of the painter (painter.hpp): PNG (an ARGB image surface, 1 pixel per
// picture unit) and PDF (1 point per unit). The only file that includes cairo; built when
// configure found it (--with-cairo). Text uses cairo's "toy" font interface with the generic
// sans-serif face, the family the SVG names, so both formats set labels alike.
#include <cairo-pdf.h>
#include <cairo.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <memory>
#include <string>

#include "tools/cli_common.hpp"
#include "tools/colours.hpp"
#include "tools/painter.hpp"

namespace tartan_cli {

namespace {

// The largest side of a picture, in pixels (PNG) or points (PDF: Acrobat's limit of 200
// inches). The drawings of tartan draw are about a thousand units wide, but a tree of 65536
// leaves is 131072 units wide: larger drawings are scaled down to fit, so that a PNG's image
// never takes more than 4096² · 4 bytes = 64 MiB.
constexpr double kPixelsMax = 4096, kPointsMax = 14400;

cairo_status_t write_to_file(void* closure, const unsigned char* data, unsigned int length) {
  auto* out = static_cast<std::FILE*>(closure);
  return std::fwrite(data, 1, length, out) == length ? CAIRO_STATUS_SUCCESS
                                                     : CAIRO_STATUS_WRITE_ERROR;
}

void check_status(cairo_status_t status) {
  if (status != CAIRO_STATUS_SUCCESS)
    throw InputError(std::string("cairo: ") + cairo_status_to_string(status));
}

class CairoPainter final : public Painter {
 public:
  CairoPainter(PictureFormat format, std::FILE* out, double width, double height)
      : format_(format), out_(out) {
    const double limit = format == PictureFormat::png ? kPixelsMax : kPointsMax;
    const double scale = std::min(1.0, limit / std::max({width, height, 1.0}));
    if (format == PictureFormat::png)
      surface_.reset(cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
                                                int(std::ceil(std::max(width * scale, 1.0))),
                                                int(std::ceil(std::max(height * scale, 1.0)))));
    else
      surface_.reset(cairo_pdf_surface_create_for_stream(write_to_file, out, width * scale,
                                                         height * scale));
    check_status(cairo_surface_status(surface_.get()));
    if (format == PictureFormat::pdf)
      cairo_pdf_surface_set_metadata(surface_.get(), CAIRO_PDF_METADATA_CREATOR, "tartan draw");
    cr_.reset(cairo_create(surface_.get()));
    check_status(cairo_status(cr_.get()));
    cairo_scale(cr_.get(), scale, scale);
    cairo_select_font_face(cr_.get(), "sans-serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
    set_colour("#fff");  // a white background, as the SVG's first rectangle
    cairo_paint(cr_.get());
  }

  // cairo keeps font caches for the life of the process; one picture per process, so they are
  // released with the painter (cairo_debug_reset_static_data: no cairo object may remain),
  // which keeps memory checkers (LeakSanitizer in the ASan build) quiet.
  ~CairoPainter() override {
    cr_.reset();
    surface_.reset();
    cairo_debug_reset_static_data();
  }
  CairoPainter(const CairoPainter&) = delete;
  CairoPainter& operator=(const CairoPainter&) = delete;

  void rect(double x, double y, double w, double h, const std::string& fill, const char*,
            const Outline& outline) override {
    cairo_rectangle(cr_.get(), x, y, w, h);
    fill_and_outline(fill, outline);
  }

  void circle(double cx, double cy, double r, const std::string& fill, const char*,
              const Outline& outline) override {
    cairo_new_sub_path(cr_.get());
    cairo_arc(cr_.get(), cx, cy, r, 0, 2 * M_PI);
    fill_and_outline(fill, outline);
  }

  void line(double x1, double y1, double x2, double y2, const std::string& stroke, double width,
            const char*) override {
    cairo_move_to(cr_.get(), x1, y1);
    cairo_line_to(cr_.get(), x2, y2);
    stroke_with(stroke, width, CAIRO_LINE_CAP_BUTT);  // SVG's default cap for <line>
  }

  void segments(const Segments& segments, const std::string& stroke, double width,
                const char*) override {
    if (segments.empty()) return;
    const double* xy = segments.data();
    for (std::size_t k = 0; k < segments.size(); ++k, xy += 4) {
      cairo_move_to(cr_.get(), xy[0], xy[1]);
      cairo_line_to(cr_.get(), xy[2], xy[3]);
    }
    stroke_with(stroke, width, CAIRO_LINE_CAP_ROUND);
  }

  void text(double x, double y, const std::string& content, double size, Anchor anchor,
            const std::string& fill, bool halo) override {
    cairo_set_font_size(cr_.get(), size);
    if (anchor == Anchor::middle) {
      cairo_text_extents_t extents;
      cairo_text_extents(cr_.get(), content.c_str(), &extents);
      x -= extents.x_advance / 2;
    }
    cairo_move_to(cr_.get(), x, y);
    cairo_text_path(cr_.get(), content.c_str());
    if (halo) {  // the outline first, under the glyphs (SVG's paint-order="stroke")
      set_colour("#fff");
      cairo_set_line_width(cr_.get(), 2.5);
      cairo_set_line_join(cr_.get(), CAIRO_LINE_JOIN_ROUND);
      cairo_stroke_preserve(cr_.get());
    }
    set_colour(fill);
    cairo_fill(cr_.get());
  }

  void title(const std::string& content) override {
    if (format_ == PictureFormat::pdf)
      cairo_pdf_surface_set_metadata(surface_.get(), CAIRO_PDF_METADATA_TITLE, content.c_str());
  }

  void open_group(const char*, bool crisp) override {
    cairo_save(cr_.get());
    if (crisp) cairo_set_antialias(cr_.get(), CAIRO_ANTIALIAS_NONE);
  }

  void close_group() override { cairo_restore(cr_.get()); }

  void scale_ramp(double x, double y, double w, double h, const char*) override {
    cairo_pattern_t* ramp = cairo_pattern_create_linear(0, y + h, 0, y);  // bottom to top
    const std::vector<Rgb>& anchors = scale_anchors();
    for (std::size_t k = 0; k < anchors.size(); ++k)
      cairo_pattern_add_color_stop_rgb(ramp, double(k) / double(anchors.size() - 1),
                                       anchors[k].r / 255, anchors[k].g / 255,
                                       anchors[k].b / 255);
    cairo_rectangle(cr_.get(), x, y, w, h);
    cairo_set_source(cr_.get(), ramp);
    cairo_fill_preserve(cr_.get());
    cairo_pattern_destroy(ramp);
    set_colour("#444");
    cairo_set_line_width(cr_.get(), 0.5);
    cairo_stroke(cr_.get());
  }

  void finish() override {
    check_status(cairo_status(cr_.get()));
    if (format_ == PictureFormat::png) {
      cairo_surface_flush(surface_.get());
      check_status(cairo_surface_write_to_png_stream(surface_.get(), write_to_file, out_));
    } else {
      cairo_show_page(cr_.get());
      cairo_surface_finish(surface_.get());  // writes the PDF through write_to_file
      check_status(cairo_surface_status(surface_.get()));
    }
  }

 private:
  void set_colour(const std::string& colour) {
    const Rgb rgb = rgb_of(colour);
    cairo_set_source_rgb(cr_.get(), rgb.r / 255, rgb.g / 255, rgb.b / 255);
  }

  void fill_and_outline(const std::string& fill, const Outline& outline) {
    set_colour(fill);
    if (!(outline.width > 0)) {
      cairo_fill(cr_.get());
      return;
    }
    cairo_fill_preserve(cr_.get());
    set_colour(outline.colour);
    cairo_set_line_width(cr_.get(), outline.width);
    cairo_stroke(cr_.get());
  }

  void stroke_with(const std::string& colour, double width, cairo_line_cap_t cap) {
    set_colour(colour);
    cairo_set_line_width(cr_.get(), width);
    cairo_set_line_cap(cr_.get(), cap);
    cairo_stroke(cr_.get());
  }

  PictureFormat format_;
  std::FILE* out_;
  // Destroyed in reverse order: the context before its surface.
  std::unique_ptr<cairo_surface_t, decltype(&cairo_surface_destroy)> surface_{
      nullptr, cairo_surface_destroy};
  std::unique_ptr<cairo_t, decltype(&cairo_destroy)> cr_{nullptr, cairo_destroy};
};

}  // namespace

std::unique_ptr<Painter> open_cairo_painter(PictureFormat format, std::FILE* out, double width,
                                            double height) {
  return std::make_unique<CairoPainter>(format, out, width, height);
}

}  // namespace tartan_cli
