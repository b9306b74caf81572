#pragma once
// Reading a cache file without ever blocking: a FIFO, a device or a folder
// put where a cache file belongs is refused with a reason, never opened for
// a read that waits for a writer (open with O_NONBLOCK, then fstat on the
// very descriptor that was opened, so no swap between check and read).
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <optional>
#include <string>

namespace sweepcheck {

struct RegularFileRead {
  bool exists = false;  // false: no file there (ENOENT); the rest is empty
  std::string text;     // the content, when `refused` is empty
  std::string refused;  // why it was not read: not a regular file, or a read error
  ino_t inode = 0;      // identifies the file that was read (or refused)
};

inline RegularFileRead read_regular_file(const std::filesystem::path& file) {
  RegularFileRead r;
  const int fd = ::open(file.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    if (errno != ENOENT) {
      r.exists = true;
      r.refused = std::string("cannot be opened (") + std::strerror(errno) + ")";
    }
    return r;
  }
  r.exists = true;
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    r.refused = "not a regular file";
    r.inode = st.st_ino;
    ::close(fd);
    return r;
  }
  r.inode = st.st_ino;
  char buf[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buf, sizeof buf);
    if (n > 0) r.text.append(buf, static_cast<std::size_t>(n));
    else if (n == 0) break;
    else if (errno != EINTR) {
      r.refused = std::string("read error (") + std::strerror(errno) + ")";
      r.text.clear();
      break;
    }
  }
  ::close(fd);
  return r;
}

}  // namespace sweepcheck
