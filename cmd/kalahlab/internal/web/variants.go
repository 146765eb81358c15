package web

import (
	"fmt"
	"html/template"
	"io"
	"mime/multipart"
	"net/http"
	"strings"

	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/draw"
	"github.com/kalahlab/kalahlab/variants"
)

// variantView is a variant as the Variants page shows it.
type variantView struct {
	V       *variants.Variant
	Knobs   []knobView
	Start   template.HTML // the start position, drawn
	DrawErr string
}

// startDrawing draws v's start position (cached by name, scripts and knobs).
func (s *Server) startDrawing(v *variants.Variant, width float64) (template.HTML, error) {
	key := fmt.Sprintf("%s\x00%s\x00%v\x00%g", v.Name, v.Hash, v.Params, width)
	s.startMu.Lock()
	svg, ok := s.startSVG[key]
	s.startMu.Unlock()
	if ok {
		return svg, nil
	}
	g, err := v.NewGame()
	if err != nil {
		return "", err
	}
	data, err := draw.SVG(g.NewState(), draw.Options{Width: width})
	if err != nil {
		return "", err
	}
	svg = template.HTML(data)
	s.startMu.Lock()
	if len(s.startSVG) > 1000 { // user scripts that keep changing: start again
		clear(s.startSVG)
	}
	s.startSVG[key] = svg
	s.startMu.Unlock()
	return svg, nil
}

func (s *Server) viewOf(v *variants.Variant, width float64) variantView {
	vv := variantView{V: v, Knobs: knobViews(v)}
	svg, err := s.startDrawing(v, width)
	if err != nil {
		vv.DrawErr = err.Error()
	}
	vv.Start = svg
	return vv
}

// variantsPage lists every variant: the base games, the built-in scripts and the
// user's (--scripts), with the scripts that fail to load.
func (s *Server) variantsPage(w http.ResponseWriter, r *http.Request) {
	vs, err := variants.Catalog(s.opt)
	data := map[string]any{"Scripts": s.cfg.Scripts}
	var views []variantView
	for _, v := range vs {
		views = append(views, s.viewOf(v, 300))
	}
	data["Variants"] = views
	if err != nil {
		data["Errors"] = strings.Split(err.Error(), "\n")
	}
	s.render(w, http.StatusOK, "variants", "Variants", data)
}

// variantPage shows one variant in full: its description, knobs, hooks, examples.
func (s *Server) variantPage(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	if strings.HasSuffix(name, ".lua") {
		s.fail(w, http.StatusBadRequest, fmt.Errorf("variant %q: this page shows variants by name (see the Variants page)", name))
		return
	}
	v, err := variants.Lookup(name, s.opt)
	if err != nil {
		s.fail(w, http.StatusNotFound, err)
		return
	}
	s.render(w, http.StatusOK, "variant", v.Name, map[string]any{"View": s.viewOf(v, 520)})
}

// boardSVG draws a position for a page: at most maxWidth pixels wide, and small boards
// at most 1.3 times their natural size.
func boardSVG(st core.State, opt draw.Options, maxWidth float64) (template.HTML, error) {
	d, err := draw.Draw(st, opt)
	if err != nil {
		return "", err
	}
	if d.Width > 0 {
		d.Scale = min(1.3, maxWidth/d.Width)
	}
	var b strings.Builder
	d.WriteSVG(&b)
	return template.HTML(b.String()), nil
}

// formFile reads an uploaded file field, or else a text field, of a form (at most max
// bytes).
func formFile(r *http.Request, fileField, textField string, max int64) ([]byte, error) {
	r.Body = http.MaxBytesReader(nil, r.Body, max+1<<20)
	if strings.HasPrefix(r.Header.Get("Content-Type"), "multipart/") {
		if err := r.ParseMultipartForm(max + 1<<20); err != nil {
			return nil, badRequest{fmt.Errorf("reading the form: %w", err)}
		}
		if f, h, err := r.FormFile(fileField); err == nil {
			defer f.Close()
			if h.Size > 0 {
				return readAtMost(f, h, max)
			}
		}
	} else if err := r.ParseForm(); err != nil {
		return nil, badRequest{fmt.Errorf("reading the form: %w", err)}
	}
	text := r.FormValue(textField)
	if strings.TrimSpace(text) == "" {
		return nil, badRequest{fmt.Errorf("nothing was sent: choose a file or paste the text")}
	}
	if int64(len(text)) > max {
		return nil, badRequest{fmt.Errorf("the text is %d bytes, more than the %d allowed", len(text), max)}
	}
	return []byte(text), nil
}

func readAtMost(f multipart.File, h *multipart.FileHeader, max int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err != nil {
		return nil, badRequest{fmt.Errorf("reading %s: %w", h.Filename, err)}
	}
	if int64(len(data)) > max {
		return nil, badRequest{fmt.Errorf("%s is larger than the %d bytes allowed", h.Filename, max)}
	}
	return data, nil
}
