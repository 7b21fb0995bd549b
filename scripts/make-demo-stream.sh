#!/bin/sh
# Makes the demo event's local HLS streams (committed under public/media/) so the main stage
# plays with no internet. Needs Debian's ffmpeg with libx264 and freetype (DejaVu fonts).
# H.264 Baseline + AAC-LC in MPEG-TS is what hls.js plays through MSE in every browser; a VOD
# playlist with ENDLIST lets the player loop it. Single-threaded, bit-exact and seeded so a
# rerun gives the same bytes (same ffmpeg build).
# Usage: sh scripts/make-demo-stream.sh   (from the repository root)
set -eu

FFMPEG=${FFMPEG:-/usr/bin/ffmpeg}
FONT=${FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf}
FONT_LIGHT=${FONT_LIGHT:-/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf}
OUT=public/media

# A progress bar along the bottom shows where the loop restarts.
# make_stream DIR SIZE SECONDS VIDEO_KBPS TITLE SUBTITLE COLOURS TONE_HZ
make_stream() {
  dir="$OUT/$1"; size=$2; seconds=$3; kbps=$4; title=$5; subtitle=$6; colours=$7; tone=$8
  rm -rf "$dir" && mkdir -p "$dir"
  height=${size#*x}
  title_px=$((height / 9)); sub_px=$((height / 20))
  "$FFMPEG" -hide_banner -loglevel error -y \
    -f lavfi -i "gradients=s=$size:r=25:d=$seconds:n=3:$colours:x0=0:y0=0:x1=${size%x*}:y1=$height:speed=0.02:seed=7" \
    -f lavfi -i "sine=frequency=$tone:sample_rate=44100:duration=$seconds" \
    -f lavfi -i "color=c=white:s=${size%x*}x6:r=25:d=$seconds" \
    -filter_complex "[0:v]drawtext=fontfile=$FONT:text='$title':fontsize=$title_px:fontcolor=white:x=(w-tw)/2:y=h/2-th-4:shadowcolor=black@0.5:shadowx=2:shadowy=2,drawtext=fontfile=$FONT_LIGHT:text='$subtitle':fontsize=$sub_px:fontcolor=white:x=(w-tw)/2:y=h/2+12,format=yuv420p[bg];[bg][2:v]overlay=x=-w+w*t/$seconds:y=H-h:shortest=1,format=yuv420p[v];[1:a]volume=0.08[a]" \
    -map "[v]" -map "[a]" \
    -c:v libx264 -profile:v baseline -level 3.0 -preset veryslow -tune stillimage -threads 1 \
    -b:v "${kbps}k" -maxrate "$((kbps * 3 / 2))k" -bufsize "$((kbps * 2))k" -g 50 -keyint_min 50 -sc_threshold 0 \
    -c:a aac -b:a 48k -ac 1 -ar 44100 \
    -fflags +bitexact -flags:v +bitexact -flags:a +bitexact \
    -f hls -hls_time 2 -hls_list_size 0 -hls_playlist_type vod -hls_flags independent_segments \
    -hls_segment_filename "$dir/segment-%02d.ts" "$dir/index.m3u8"
}

make_stream mainstage 640x360 10 280 'Northern Lights Summit' 'Main stage · demo stream' 'c0=0x0b2545:c1=0x13706b:c2=0x5b2a86' 440
make_stream breakout 426x240 6 160 'Breakout room' 'Northern Lights Summit · demo stream' 'c0=0x3b1f5c:c1=0x0b2545:c2=0x1d6f5f' 330
du -sh "$OUT"/mainstage "$OUT"/breakout
