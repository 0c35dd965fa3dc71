// The ratings of `deckhand arena --ladder` (internal header): a Bradley–Terry model fitted by
// maximum likelihood to a table of pairwise results, with 95% intervals from the inverse of
// the observed information (the Hessian of the log-likelihood at the fit), on the Elo scale.
//
// P(i beats j) = 1 / (1 + 10^((r_j - r_i) / 400)). A tie counts half a win to each side. The
// first player's rating is fixed at 0 (the anchor: the others are rated against it, and their
// intervals are of the difference from it). Each pair that met gets one tie more (half a
// win each way) so that a pair one side won every time still has a finite fit; the pull is
// negligible over hundreds of games.
//
// Each rating's interval is of its difference from the anchor, so two levels far from the
// anchor carry its uncertainty both and their intervals may overlap though the fit tells them
// apart well: `steps` gives each level's difference from the one before it with the interval
// of that difference itself (from the covariance of the two ratings).
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace deckhand::cli {

struct LadderRating {
  double elo = 0, low = 0, high = 0;
};

// wins[i][j]: how often i beat j (ties counted half to each); k players. False when the
// table is not square, has a negative entry or a player met nobody, or the fit fails.
// `steps`, when not null: k - 1 entries, entry i the rating of player i + 1 minus that of
// player i.
inline bool fit_bradley_terry(const std::vector<std::vector<double>>& wins,
                              std::vector<LadderRating>* out,
                              std::vector<LadderRating>* steps = nullptr) {
  const size_t k = wins.size();
  if (k < 2) return false;
  std::vector<std::vector<double>> w(k, std::vector<double>(k, 0.0));
  for (size_t i = 0; i < k; ++i) {
    if (wins[i].size() != k) return false;
    for (size_t j = 0; j < k; ++j) {
      if (!(wins[i][j] >= 0) || (i == j && wins[i][j] != 0)) return false;
      w[i][j] = wins[i][j];
    }
  }
  for (size_t i = 0; i < k; ++i) {
    double met = 0;
    for (size_t j = 0; j < k; ++j) met += w[i][j] + w[j][i];
    if (met == 0) return false;
  }
  for (size_t i = 0; i < k; ++i)
    for (size_t j = i + 1; j < k; ++j)
      if (w[i][j] + w[j][i] > 0) w[i][j] += 0.5, w[j][i] += 0.5;
  // Newton's method on theta (natural log odds), theta[0] = 0.
  std::vector<double> theta(k, 0.0);
  const size_t m = k - 1;  // free parameters: 1..k-1
  std::vector<std::vector<double>> info(m, std::vector<double>(m, 0.0));
  const auto information = [&](std::vector<double>* grad) {
    for (auto& row : info) std::fill(row.begin(), row.end(), 0.0);
    grad->assign(m, 0.0);
    // The gradient: each player's wins minus its expected wins (player 0 is fixed).
    for (size_t i = 1; i < k; ++i)
      for (size_t j = 0; j < k; ++j) {
        const double n = w[i][j] + w[j][i];
        if (i == j || n == 0) continue;
        (*grad)[i - 1] += w[i][j] - n / (1 + std::exp(theta[j] - theta[i]));
      }
    // The information: n p (1 - p) per pair.
    for (size_t i = 0; i < k; ++i)
      for (size_t j = i + 1; j < k; ++j) {
        const double n = w[i][j] + w[j][i];
        if (n == 0) continue;
        const double p = 1 / (1 + std::exp(theta[j] - theta[i]));
        const double v = n * p * (1 - p);
        if (i > 0) info[i - 1][i - 1] += v;
        if (j > 0) info[j - 1][j - 1] += v;
        if (i > 0 && j > 0) info[i - 1][j - 1] -= v, info[j - 1][i - 1] -= v;
      }
  };
  // Solves info x = b (Gaussian elimination with partial pivoting); false when singular.
  const auto solve = [&](std::vector<double> b, std::vector<double>* x) {
    std::vector<std::vector<double>> a = info;
    for (size_t c = 0; c < m; ++c) {
      size_t pivot = c;
      for (size_t r = c + 1; r < m; ++r)
        if (std::fabs(a[r][c]) > std::fabs(a[pivot][c])) pivot = r;
      if (std::fabs(a[pivot][c]) < 1e-12) return false;
      std::swap(a[c], a[pivot]);
      std::swap(b[c], b[pivot]);
      for (size_t r = c + 1; r < m; ++r) {
        const double f = a[r][c] / a[c][c];
        for (size_t cc = c; cc < m; ++cc) a[r][cc] -= f * a[c][cc];
        b[r] -= f * b[c];
      }
    }
    x->assign(m, 0.0);
    for (size_t c = m; c-- > 0;) {
      double s = b[c];
      for (size_t cc = c + 1; cc < m; ++cc) s -= a[c][cc] * (*x)[cc];
      (*x)[c] = s / a[c][c];
    }
    return true;
  };
  std::vector<double> grad, step;
  for (int iter = 0; iter < 100; ++iter) {
    information(&grad);
    if (!solve(grad, &step)) return false;
    double largest = 0;
    for (size_t i = 0; i < m; ++i) {
      theta[i + 1] += step[i];
      largest = std::max(largest, std::fabs(step[i]));
    }
    if (largest < 1e-10) break;
  }
  information(&grad);
  const double scale = 400 / std::log(10.0);
  // The covariance of the ratings: the inverse of the information (the anchor's row and
  // column zero).
  std::vector<std::vector<double>> covariance(k, std::vector<double>(k, 0.0));
  for (size_t i = 1; i < k; ++i) {
    std::vector<double> unit(m, 0.0), column;
    unit[i - 1] = 1;
    if (!solve(unit, &column)) return false;
    for (size_t j = 1; j < k; ++j) covariance[j][i] = column[j - 1];
  }
  const auto rated = [&](double difference, double variance) {
    const double se = std::sqrt(std::max(variance, 0.0));
    return LadderRating{scale * difference, scale * (difference - 1.96 * se),
                        scale * (difference + 1.96 * se)};
  };
  out->assign(k, LadderRating{});
  for (size_t i = 1; i < k; ++i) (*out)[i] = rated(theta[i], covariance[i][i]);
  if (steps) {
    steps->clear();
    for (size_t i = 0; i + 1 < k; ++i)
      steps->push_back(rated(theta[i + 1] - theta[i], covariance[i][i] + covariance[i + 1][i + 1] -
                                                          2 * covariance[i][i + 1]));
  }
  return true;
}

}  // namespace deckhand::cli
