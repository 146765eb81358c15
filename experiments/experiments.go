package experiments

import (
	"context"
	"io"

	"github.com/kalahlab/kalahlab/config"
	"github.com/kalahlab/kalahlab/core"
	boards "github.com/kalahlab/kalahlab/core/draw"
	"github.com/kalahlab/kalahlab/experiments/plan"
	"github.com/kalahlab/kalahlab/experiments/report"
	"github.com/kalahlab/kalahlab/experiments/run"
	"github.com/kalahlab/kalahlab/experiments/tournament"
)

// The facade: the names a program uses to run a study and read its results, each the
// one of the room that holds it (the types are aliases, the functions call through).

// Plans (package experiments/plan).
type (
	// Study is a plan with its variants resolved, ready to run ([plan.Study]).
	Study = plan.Study
	// Plan is what a study plays, as its manifest records it ([plan.Plan]).
	Plan = plan.Plan
	// CellPlan is one cell of a plan ([plan.CellPlan]).
	CellPlan = plan.CellPlan
	// AgentSpec is an agent of a plan ([plan.AgentSpec]).
	AgentSpec = plan.AgentSpec
	// Knob is a knob's value at a sweep point ([plan.Knob]).
	Knob = plan.Knob
)

// New resolves an experiment config into a study ([plan.New]).
func New(cfg *config.Experiment) (*Study, error) { return plan.New(cfg) }

// FromPlan resolves a plan, as a manifest records it, into a study ([plan.FromPlan]).
func FromPlan(p Plan) (*Study, error) { return plan.FromPlan(p) }

// MaxGames is the most games per cell a study of cells cells may ask for
// ([plan.MaxGames]).
func MaxGames(cells int) int { return plan.MaxGames(cells) }

// Running, the trial log, shards and merge (package experiments/run).
type (
	// Options are how a run plays ([run.Options]).
	Options = run.Options
	// Result is a run's counts per cell and its manifest ([run.Result]).
	Result = run.Result
	// CellResult is one cell's counts ([run.CellResult]).
	CellResult = run.CellResult
	// Solution is a cell's perfect-play value ([run.Solution]).
	Solution = run.Solution
	// Manifest is the plan and the story of a run ([run.Manifest]).
	Manifest = run.Manifest
	// Record is one trial, a line of the trial log ([run.Record]).
	Record = run.Record
	// Shard is a deterministic slice of a study's trials ([run.Shard]).
	Shard = run.Shard
	// LogFormat is the trial log's format ([run.LogFormat]).
	LogFormat = run.LogFormat
	// Step is one ply of a replayed trial ([run.Step]).
	Step = run.Step
	// GameLinks are a report's links to example games ([run.GameLinks]).
	GameLinks = run.GameLinks
	// DirLock is the lock on an output directory ([run.DirLock]).
	DirLock = run.DirLock
)

// The files of an output directory, and the trial log's formats.
const (
	ManifestFile   = run.ManifestFile
	StatsFile      = run.StatsFile
	TrialsFile     = run.TrialsFile
	TrialsZstdFile = run.TrialsZstdFile
	LogZstd        = run.LogZstd
	LogPlain       = run.LogPlain
)

// ErrInterrupted is returned by Run when its context is cancelled ([run.ErrInterrupted]).
var ErrInterrupted = run.ErrInterrupted

// Run plays a study's trials on a pool of workers ([run.Run]).
func Run(ctx context.Context, s *Study, opt Options) (*Result, error) { return run.Run(ctx, s, opt) }

// Save writes a result's manifest and counts into dir ([run.Save]).
func Save(r *Result, dir string) error { return run.Save(r, dir) }

// Load reads a run's result from its directory ([run.Load]).
func Load(dir string) (*Result, error) { return run.Load(dir) }

// LoadPlan reads a run directory's manifest ([run.LoadPlan]).
func LoadPlan(dir string) (*Manifest, error) { return run.LoadPlan(dir) }

// Merge combines shard directories into the result of one whole run ([run.Merge]).
func Merge(dirs []string) (*Result, []string, error) { return run.Merge(dirs) }

// MergeTrialsAs concatenates the shards' trial logs into dir, checking them
// ([run.MergeTrialsAs]).
func MergeTrialsAs(res *Result, dirs []string, dir string, format LogFormat) error {
	return run.MergeTrialsAs(res, dirs, dir, format)
}

// ParseShard reads a --shard value ([run.ParseShard]).
func ParseShard(text string, getenv func(string) string) (Shard, error) {
	return run.ParseShard(text, getenv)
}

// ParseLogFormat reads a --log value ([run.ParseLogFormat]).
func ParseLogFormat(s string) (LogFormat, error) { return run.ParseLogFormat(s) }

// TrialLog is the path of dir's trial log ([run.TrialLog]).
func TrialLog(dir string) (string, error) { return run.TrialLog(dir) }

// ReadTrials calls fn with every trial of dir's log ([run.ReadTrials]).
func ReadTrials(dir string, fn func(*Record) error) error { return run.ReadTrials(dir, fn) }

// FindTrial reads trial t from dir's log ([run.FindTrial]).
func FindTrial(dir string, t int) (*Record, error) { return run.FindTrial(dir, t) }

// RemoveTrialLogs removes dir's trial logs ([run.RemoveTrialLogs]).
func RemoveTrialLogs(dir string) error { return run.RemoveTrialLogs(dir) }

// Replay plays a trial's moves again ([run.Replay]).
func Replay(s *Study, rec *Record) (core.State, []Step, error) { return run.Replay(s, rec) }

// ResumeCommand is the command that resumes the run in dir ([run.ResumeCommand]).
func ResumeCommand(dir string, m *Manifest) string { return run.ResumeCommand(dir, m) }

// LockDir locks an output directory for this process ([run.LockDir]).
func LockDir(dir string) (*DirLock, error) { return run.LockDir(dir) }

// Tournaments (package experiments/tournament).
type (
	// TournamentConfig is a round robin's settings ([tournament.TournamentConfig]).
	TournamentConfig = tournament.TournamentConfig
	// Standings are a tournament's ranking and win matrix ([tournament.Standings]).
	Standings = tournament.Standings
)

// DefaultTournamentGames is the games per pairing of a tournament by default.
const DefaultTournamentGames = tournament.DefaultTournamentGames

// NewTournament builds a round robin as a study ([tournament.NewTournament]).
func NewTournament(cfg TournamentConfig) (*Study, error) { return tournament.NewTournament(cfg) }

// Reports (package experiments/report).
type (
	// Report is a run summarised ([report.Report]).
	Report = report.Report
	// CellSummary is one cell of a report ([report.CellSummary]).
	CellSummary = report.CellSummary
	// Distribution is a histogram's summary ([report.Distribution]).
	Distribution = report.Distribution
	// RungRatings are a ladder's rungs' ratings ([report.RungRatings]).
	RungRatings = report.RungRatings
	// Estimate is a value with its 95% interval ([report.Estimate]).
	Estimate = report.Estimate
)

// The reports' file names and legends.
const (
	CellsParquetFile  = report.CellsParquetFile
	TrialsParquetFile = report.TrialsParquetFile
	BalanceLegend     = report.BalanceLegend
	SeatWinsLegend    = report.SeatWinsLegend
	SeatsEqualLegend  = report.SeatsEqualLegend
)

// ChartFormats are the formats WriteCharts writes ([report.ChartFormats]).
var ChartFormats = report.ChartFormats

// Summarize turns a run's counts into a report ([report.Summarize]).
func Summarize(r *Result) *Report { return report.Summarize(r) }

// Verdict is the report's answer in words ([report.Verdict]).
func Verdict(rep *Report) []string { return report.Verdict(rep) }

// WriteTable writes the terminal table ([report.WriteTable]).
func WriteTable(w io.Writer, rep *Report) error { return report.WriteTable(w, rep) }

// WriteHTML writes the self-contained HTML report ([report.WriteHTML]).
func WriteHTML(w io.Writer, rep *Report) error { return report.WriteHTML(w, rep) }

// Render writes the report in one format ([report.Render]).
func Render(w io.Writer, rep *Report, format string) error { return report.Render(w, rep, format) }

// WriteReports writes the report's formats into dir ([report.WriteReports]).
func WriteReports(rep *Report, dir string, formats []string) ([]string, error) {
	return report.WriteReports(rep, dir, formats)
}

// WriteReportsFrom writes the report's formats into outDir from the run in runDir
// ([report.WriteReportsFrom]).
func WriteReportsFrom(rep *Report, runDir, outDir string, formats []string) ([]string, error) {
	return report.WriteReportsFrom(rep, runDir, outDir, formats)
}

// WriteCharts writes the report's charts as files ([report.WriteCharts]).
func WriteCharts(rep *Report, dir, format string) ([]string, error) {
	return report.WriteCharts(rep, dir, format)
}

// LoadRungRatings reads a tournament's standings as rung ratings
// ([report.LoadRungRatings]).
func LoadRungRatings(path string) (*RungRatings, error) { return report.LoadRungRatings(path) }

// BoardPNG paints a board drawing as PNG ([report.BoardPNG]).
func BoardPNG(w io.Writer, d *boards.Drawing, scale float64) error {
	return report.BoardPNG(w, d, scale)
}
