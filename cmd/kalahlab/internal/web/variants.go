package web

import (
	"fmt"
	"html/template"
	"io"
	"mime/multipart"
	"net/http"
	"slices"
	"strings"

	"github.com/kalahlab/kalahlab/cmd/kalahlab/internal/catalog"
	"github.com/kalahlab/kalahlab/core"
	"github.com/kalahlab/kalahlab/core/draw"
	"github.com/kalahlab/kalahlab/variants"
)

// variantView is a variant as the Variants page shows it.
type variantView struct {
	V       *variants.Variant
	Group   string              // the heading it is listed under (catalog.Group)
	Mechs   []catalog.Mechanism // the mechanisms it uses
	Knobs   []knobView
	Start   template.HTML // the start position, drawn
	DrawErr string
	// Rules is the variant's rules in words (its page only); RulesErr why there are none.
	Rules    core.RulesText
	RulesErr string
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
	vv := variantView{V: v, Group: catalog.Group(v), Mechs: catalog.MechanismsOf(v), Knobs: knobViews(v)}
	svg, err := s.startDrawing(v, width)
	if err != nil {
		vv.DrawErr = err.Error()
	}
	vv.Start = svg
	return vv
}

// variantsPage lists every variant: the base games, the built-in scripts and the
// user's (--scripts), with the scripts that fail to load, grouped by family and region
// as `kalahlab variants list` groups them. The query narrows the list (see
// variantFilter): the page's filter form sends it, with or without JavaScript.
func (s *Server) variantsPage(w http.ResponseWriter, r *http.Request) {
	vs, err := variants.Catalog(s.opt)
	catalog.Sort(vs)
	data := map[string]any{"Scripts": s.cfg.Scripts}
	if err != nil {
		data["Errors"] = strings.Split(err.Error(), "\n")
	}
	f := filterFrom(r.URL.Query())
	choices := filterChoices(vs)
	code := http.StatusOK
	if msg := f.check(choices); msg != "" {
		data["FilterErr"] = msg
		code = http.StatusBadRequest
	}
	var groups []variantGroup
	shown := 0
	for _, v := range vs {
		vv := variantView{V: v, Group: catalog.Group(v), Mechs: catalog.MechanismsOf(v)}
		if !f.match(vv) {
			continue // not drawn
		}
		vv = s.viewOf(v, 300)
		if len(groups) == 0 || groups[len(groups)-1].Name != vv.Group {
			groups = append(groups, variantGroup{Name: vv.Group})
		}
		g := &groups[len(groups)-1]
		g.Variants = append(g.Variants, vv)
		shown++
	}
	data["Groups"], data["Filter"], data["Choices"] = groups, f, choices
	data["Shown"], data["Total"] = shown, len(vs)
	s.render(w, code, "variants", "Variants", data)
}

// variantGroup is one heading of the Variants page with its variants.
type variantGroup struct {
	Name     string
	Variants []variantView
}

// variantFilter is what the Variants page's query asks for: words to search for
// (q: every word must occur in the name, summary, description, family, region or a
// mechanism), a family, a region and a mechanism (by key); "" for any.
type variantFilter struct{ Q, Family, Region, Mech string }

func filterFrom(q map[string][]string) variantFilter {
	get := func(k string) string { return strings.TrimSpace(first(q[k])) }
	return variantFilter{Q: get("q"), Family: get("family"), Region: get("region"), Mech: get("mech")}
}

// Any reports whether the filter narrows the list at all.
func (f variantFilter) Any() bool { return f != variantFilter{} }

// choices are the values the filter's lists offer: the catalogue's families and
// regions, and the mechanisms some variant uses (with how many use each).
type choices struct {
	Families, Regions []string
	Mechs             []mechChoice
}

type mechChoice struct {
	catalog.Mechanism
	N int
}

func filterChoices(vs []*variants.Variant) choices {
	var c choices
	count := map[string]int{}
	for _, v := range vs {
		if !slices.Contains(c.Families, v.Family) {
			c.Families = append(c.Families, v.Family)
		}
		if v.Region != "" && !slices.Contains(c.Regions, v.Region) {
			c.Regions = append(c.Regions, v.Region)
		}
		for _, m := range catalog.MechanismsOf(v) {
			count[m.Key]++
		}
	}
	slices.Sort(c.Families)
	slices.Sort(c.Regions)
	for _, m := range catalog.Mechanisms {
		if count[m.Key] > 0 {
			c.Mechs = append(c.Mechs, mechChoice{m, count[m.Key]})
		}
	}
	return c
}

// check says what is wrong with a filter that names no family, region or mechanism
// there is ("" when nothing is), with the values allowed.
func (f variantFilter) check(c choices) string {
	var msgs []string
	if f.Family != "" && !slices.Contains(c.Families, f.Family) {
		msgs = append(msgs, fmt.Sprintf("family %q: no variant belongs to it; the families are %s", f.Family, strings.Join(c.Families, ", ")))
	}
	if f.Region != "" && !slices.Contains(c.Regions, f.Region) {
		msgs = append(msgs, fmt.Sprintf("region %q: no variant is played there; the regions are %s", f.Region, strings.Join(c.Regions, ", ")))
	}
	if _, ok := catalog.MechanismByKey(f.Mech); f.Mech != "" && !ok {
		msgs = append(msgs, fmt.Sprintf("mechanism %q: there is no such mechanism; the mechanisms are %s", f.Mech, catalog.MechanismKeys()))
	}
	return strings.Join(msgs, "; ")
}

// match reports whether a variant passes the filter.
func (f variantFilter) match(vv variantView) bool {
	v := vv.V
	switch {
	case f.Family != "" && v.Family != f.Family,
		f.Region != "" && v.Region != f.Region,
		f.Mech != "" && !slices.ContainsFunc(vv.Mechs, func(m catalog.Mechanism) bool { return m.Key == f.Mech }):
		return false
	}
	if f.Q == "" {
		return true
	}
	text := []string{v.Name, v.Summary, v.Description, v.Family, v.Region, v.Base}
	for _, m := range vv.Mechs {
		text = append(text, m.Key, m.Label)
	}
	hay := strings.ToLower(strings.Join(text, "\n"))
	for _, word := range strings.Fields(strings.ToLower(f.Q)) {
		if !strings.Contains(hay, word) {
			return false
		}
	}
	return true
}

// variantPage shows one variant in full: its description, its rules in words with
// their sources, knobs, hooks, examples.
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
	vv := s.viewOf(v, 520)
	if vv.Rules, err = v.RulesText(); err != nil {
		vv.RulesErr = err.Error()
	}
	s.render(w, http.StatusOK, "variant", v.Name, map[string]any{"View": vv})
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
