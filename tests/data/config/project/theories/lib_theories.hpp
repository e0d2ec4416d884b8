#pragma once
// Theories about lib (the config tests only need the file to exist).
