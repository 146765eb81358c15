// Package logfile is the bytes of a trial log, knowing nothing of trials: whole JSON
// lines, plain or as a stream of independent zstd frames of whole lines. [Writer]
// gathers lines into frames (about [FrameBytes] each, or what waited [FrameEvery]),
// and lets the workers compress their own batches; [Reader] and [Frames] read either
// format back, a frame decoded whole and its checksum checked before any of its
// lines is read, and with skip list each damaged stretch ([Damage]: a frame cut short,
// a zeroed tail, bad bytes in the middle) and go on at the next frame's magic number.
// [NextLine] bounds a line at [MaxLine].
//
// Package experiments/run keeps what the lines mean (the records, resuming, repairing,
// merging shards); nothing here imports it.
package logfile
