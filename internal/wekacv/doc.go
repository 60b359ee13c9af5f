// Package wekacv is the test harness that checks a learner against Weka
// 3.6: it reads the shared datasets as Weka reads them (LoadCSV mimics
// weka.core.converters.CSVLoader, LoadARFF keeps numeric attributes and
// missing values), runs a 10-fold cross-validation with Weka's folds
// (cv.Weka, each fold's training rows in Weka's order) and scores it as
// weka.classifiers.Evaluation does (correct rows, mean absolute error),
// and reads the fixture testdata/weka-cv.txt that Weka itself made
// (testdata/weka-cv.sh). Only tests import it.
package wekacv
